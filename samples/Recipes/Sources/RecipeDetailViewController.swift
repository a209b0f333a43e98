import UIKit

/// One recipe: servings, a rating, and the Mac-friendly settings from Apple's guide.
final class RecipeDetailViewController: UIViewController {
    var recipe: Recipe?
    private let servings = UIStepper()
    private let rating = RatingSlider()
    private let timer = TimerSlider()
    /// Grams, cups or spoons: a wheel picker, which throws in the Mac idiom too.
    private let units = UIPickerView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(servings)
        view.addSubview(rating)
        view.addSubview(timer)
        view.addSubview(units)
        addFavoritesSwitch()
        addChildContent()
        preferredContentSize = CGSize(width: 834, height: 1194)
    }

    // Apple's pattern: a checkbox-style switch with a title in the Mac idiom.
    private func addFavoritesSwitch() {
        let showFavoritesAtTop = UISwitch()
        showFavoritesAtTop.preferredStyle = .checkbox
        if traitCollection.userInterfaceIdiom == .mac {
            showFavoritesAtTop.title = "Always show favorite recipes at the top"
        }
        view.addSubview(showFavoritesAtTop)
    }

    // Apple's pattern: a different child view controller in the Mac idiom.
    private func addChildContent() {
        let childViewController: UIViewController
        if traitCollection.userInterfaceIdiom == .mac {
            childViewController = MacOptimizedChildViewController()
        } else {
            childViewController = ChildViewController()
        }
        addChild(childViewController)
        childViewController.view.frame = view.bounds
        view.addSubview(childViewController.view)
        childViewController.didMove(toParent: self)
    }

    // Apple's pattern: an alert on the Mac, an action sheet elsewhere.
    @objc private func confirmDelete(_ sender: Any) {
        guard let recipe else { return }
        let deleteAction = UIAlertAction(title: "Delete", style: .destructive) { _ in
            if RecipeStore.shared.delete(recipe) {
                self.recipe = nil
            }
        }
        let cancelAction = UIAlertAction(title: "Cancel", style: .cancel, handler: nil)

        #if targetEnvironment(macCatalyst)
        let preferredStyle = UIAlertController.Style.alert
        #else
        let preferredStyle = UIAlertController.Style.actionSheet
        #endif

        let alert = UIAlertController(title: "Are you sure you want to delete \(recipe.title)?", message: nil, preferredStyle: preferredStyle)
        alert.addAction(deleteAction)
        alert.addAction(cancelAction)
        if let popoverPresentationController = alert.popoverPresentationController {
            popoverPresentationController.barButtonItem = sender as? UIBarButtonItem
        }
        present(alert, animated: true, completion: nil)
    }
}

final class MacOptimizedChildViewController: UIViewController {}
final class ChildViewController: UIViewController {}

/// The timer screen's stepper, declared in Objective-C (RecipeTimerViewController.h).
let timerServings = ServingsStepper()
