import StateDiff
import Testing
@testable import ReactorShell

@Suite struct ExpectationEvaluationTests {
    @Test func equalityTreatsIntsAndDoublesAsNumbers() {
        #expect(ExpectationOperator.equal.evaluate(actual: .int(1), expected: .double(1)) == true)
        #expect(ExpectationOperator.equal.evaluate(actual: .array([.double(2)]), expected: .array([.int(2)])) == true)
        #expect(ExpectationOperator.notEqual.evaluate(actual: .string("1"), expected: .int(1)) == true)
        #expect(ExpectationOperator.equal.evaluate(actual: .null, expected: .null) == true)
    }

    @Test func orderingOfNumbersAndStrings() {
        #expect(ExpectationOperator.less.evaluate(actual: .int(1), expected: .double(1.5)) == true)
        #expect(ExpectationOperator.greaterOrEqual.evaluate(actual: .int(2), expected: .int(2)) == true)
        #expect(ExpectationOperator.lessOrEqual.evaluate(actual: .string("b"), expected: .string("a")) == false)
        #expect(ExpectationOperator.greater.evaluate(actual: .array([]), expected: .int(1)) == nil)
    }

    @Test func containsOnStringsAndArrays() {
        #expect(ExpectationOperator.contains.evaluate(actual: .string("increased!"), expected: .string("eas")) == true)
        #expect(ExpectationOperator.contains.evaluate(actual: .array([.string("swift1")]), expected: .string("swift1")) == true)
        #expect(ExpectationOperator.contains.evaluate(actual: .array([.string("swift1")]), expected: .string("swift")) == false)
        #expect(ExpectationOperator.contains.evaluate(actual: .int(12), expected: .int(1)) == nil)
    }

    @Test func kindNames() {
        #expect(ExpectationOperator.kindName(.object([])) == "Object")
        #expect(ExpectationOperator.kindName(.null) == "nil")
    }
}
