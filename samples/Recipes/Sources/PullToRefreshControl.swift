import UIKit

/// A refresh control with the app's tint; still a UIRefreshControl underneath.
final class PullToRefreshControl: UIRefreshControl {
    override init() {
        super.init()
        tintColor = .systemOrange
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }
}
