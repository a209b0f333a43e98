import UIKit

/// Fixture: one finding of each category, so a test sees which rules the file's targets allow.
final class IntentHandler: UIViewController {
    let servings = UIStepper()
    let preferred = CGSize(width: 834, height: 1194)

    func takePhoto() {
        let picker = UIImagePickerController()
        picker.sourceType = .camera
        present(picker, animated: true)
    }
}
