import UIKit

final class EntryViewController: UIViewController {
    let pages = UIPageControl()
}
