#if canImport(UIKit)
import UIKit

/// A card as wide as an iPad Pro 11" in portrait: a warning, which does not fail the build.
final class Card: UIView {
    override var intrinsicContentSize: CGSize { CGSize(width: 834, height: 200) }
}
#endif
