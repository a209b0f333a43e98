import UIKit

// Left beside the project: no target lists it.
final class OldStory: UIViewController {
    let pages = UIPageControl()
}
