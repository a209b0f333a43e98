/// A rule example from `Rules/`: code with a `↓` before each place a diagnostic must point at.
public struct RuleExample: Sendable {
    /// The code with the markers taken out.
    public var source: String
    /// Where the markers stood: 1-based line and column (in characters) in `source`.
    public var markers: [(line: Int, column: Int)]

    public static let marker: Character = "↓"

    public init(_ annotated: String) {
        var source = ""
        var markers: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for character in annotated {
            if character == Self.marker {
                markers.append((line, column))
                continue
            }
            source.append(character)
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.source = source
        self.markers = markers
    }
}
