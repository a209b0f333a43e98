import UIKit

/// Sharing a recipe, photographing the dish, a cooking timer and the pantry: the parts of the app
/// that break on the Mac without being controls that do not exist there.
final class RecipeActionsViewController: UIViewController {
    var recipe: Recipe?
    private let timerButton = UIButton(type: .system)
    private let cookTime = UIDatePicker()

    override func viewDidLoad() {
        super.viewDidLoad()
        // A countdown timer is always a wheel picker, which throws in the Mac idiom.
        cookTime.datePickerMode = .countDownTimer
        // A long press on a button throws in the Mac idiom; its `menu` works everywhere.
        let press = UILongPressGestureRecognizer(target: self, action: #selector(showTimerPresets))
        timerButton.addGestureRecognizer(press)
        // Fixed at 17 points, larger than the Mac's 13-point text (reported with --extend-select fixed-font-size).
        timerButton.titleLabel?.font = .systemFont(ofSize: 17)
        view.addSubview(cookTime)
        view.addSubview(timerButton)
    }

    // The share sheet is a popover on iPad and the Mac, and a popover needs an anchor.
    @objc func share(_ sender: UIBarButtonItem) {
        guard let recipe else { return }
        let activity = UIActivityViewController(activityItems: [recipe.title], applicationActivities: nil)
        present(activity, animated: true)
    }

    // Anchored to the bar button that opened it: fine everywhere.
    @objc func shareServings(_ sender: UIBarButtonItem) {
        let activity = UIActivityViewController(activityItems: ["\(recipe?.servings ?? 1) servings"], applicationActivities: nil)
        activity.popoverPresentationController?.barButtonItem = sender
        present(activity, animated: true)
    }

    // Most Macs have no camera source: the picker throws unless the app asks first.
    @objc func photographDish() {
        let picker = UIImagePickerController()
        picker.sourceType = .camera
        present(picker, animated: true)
    }

    @objc func chooseDishPhoto() {
        let picker = UIImagePickerController()
        if UIImagePickerController.isSourceTypeAvailable(.camera) {
            picker.sourceType = .camera
        } else {
            picker.sourceType = .photoLibrary
        }
        present(picker, animated: true)
    }

    // A split view cannot go on a navigation stack: it belongs at the root of the window.
    @objc func openPantry() {
        let pantry = UISplitViewController(style: .doubleColumn)
        navigationController?.pushViewController(pantry, animated: true)
    }

    @objc func showTimerPresets() {}
}
