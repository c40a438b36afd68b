/// A count with its noun in the number it needs: `1 command`, `2 commands`.
func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
