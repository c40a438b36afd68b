import Testing
@testable import ReactorShell

/// The unified diff `reactor-shell test` prints, checked against what `diff -u` prints.
struct UnifiedDiffTests {
    @Test func equalTextsGiveNothing() {
        #expect(UnifiedDiff.diff("a\nb\n", "a\nb\n", oldName: "x", newName: "y") == "")
    }

    @Test func aChangedLineInTheMiddleHasThreeLinesOfContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacing("line 5\n", with: "line five\n")
        #expect(UnifiedDiff.diff(old, new, oldName: "a.out", newName: "a.rsh") == """
            --- a.out
            +++ a.rsh
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }

    @Test func changesFarApartMakeTwoHunksAndAnAdditionAtTheEnd() {
        let old = (1...20).map { "\($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacing("2\n3\n", with: "2\n") + "21\n"
        #expect(UnifiedDiff.diff(old, new, oldName: "o", newName: "n") == """
            --- o
            +++ n
            @@ -1,6 +1,5 @@
             1
             2
            -3
             4
             5
             6
            @@ -18,3 +17,4 @@
             18
             19
             20
            +21

            """)
    }

    @Test func aMissingGoldenFileIsAllAdditions() {
        #expect(UnifiedDiff.diff("", "x\ny\n", oldName: "o", newName: "n") == "--- o\n+++ n\n@@ -0,0 +1,2 @@\n+x\n+y\n")
    }

    @Test func replacedRunsShowRemovalsBeforeAdditions() {
        #expect(UnifiedDiff.diff("a\nb\nc\n", "a\nx\ny\nc\n", oldName: "o", newName: "n")
                == "--- o\n+++ n\n@@ -1,3 +1,4 @@\n a\n-b\n+x\n+y\n c\n")
    }
}
