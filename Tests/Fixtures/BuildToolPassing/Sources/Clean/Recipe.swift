/// A recipe: nothing for catalint to say.
public struct Recipe {
    public var title: String
    public init(title: String) { self.title = title }
}
