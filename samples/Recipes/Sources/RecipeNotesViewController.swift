import UIKit

/// Notes on a recipe: a search bar over them, and a note composer docked at the bottom.
final class RecipeNotesViewController: UIViewController {
    private let searchBar = UISearchBar()
    private let composer = NoteComposerBar()

    override var canBecomeFirstResponder: Bool { true }

    // The composer rides on the software keyboard: the Mac has none, so it never shows there.
    override var inputAccessoryView: UIView? { composer }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(searchBar)
        // The search bar's private text field: a control's insides differ in the Mac idiom.
        if let field = searchBar.value(forKey: "searchField") as? UITextField {
            field.font = .preferredFont(forTextStyle: .body)
        }
    }
}

/// A text view and a Send button.
final class NoteComposerBar: UIView {
    let textView = UITextView()
    let sendButton = UIButton(type: .system)
}
