#if canImport(UIKit)
import UIKit

/// The servings picker of a recipe: a stepper, which throws in the Mac idiom.
final class ServingsView: UIView {
    let stepper = UIStepper()
}
#endif
