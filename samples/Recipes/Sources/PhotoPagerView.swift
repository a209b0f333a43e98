import UIKit

/// The step-by-step photos of a recipe, swiped through on iPad.
final class PhotoPagerView: UIView {
    private let scrollView = UIScrollView()
    private var pageControl: UIPageControl?

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(scrollView)
        // The page control exists only outside the Mac idiom; the Mac gets arrow buttons.
        if traitCollection.userInterfaceIdiom != .mac {
            let pages = UIPageControl()
            addSubview(pages)
            pageControl = pages
        } else {
            addArrowButtons()
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    private func addArrowButtons() {
        let next = UIButton(type: .system)
        next.setImage(UIImage(systemName: "chevron.right"), for: .normal)
        addSubview(next)
    }

    /// The canvas the photos are laid out on: the size of a 9.7-inch iPad screen.
    func makeCanvas() -> UIView {
        UIView(frame: CGRect(x: 0, y: 0, width: 768, height: 1024))
    }

    /// Photos per row, picked by idiom rather than by the room the view has: in the Mac idiom
    /// `.pad` is false, so a Mac window gets one photo per row, like an iPhone.
    var photosPerRow: Int {
        UIDevice.current.userInterfaceIdiom == .pad ? 3 : 1
    }

    /// Photos per row for phones, tested the other way round: the Mac keeps the iPad's three.
    var compactPhotosPerRow: Int {
        UIDevice.current.userInterfaceIdiom == .phone ? 1 : 3
    }

    /// The caption's top margin, guessing the device from the screen's height.
    var captionTopMargin: CGFloat {
        UIScreen.main.bounds.height == 1366 ? 40 : 24
    }

    /// The photo strip's spacing, through a helper declared in Device.swift.
    var stripSpacing: CGFloat {
        if UIDevice.isPad {
            return 24
        }
        return 8
    }

    func pinWidth() {
        widthAnchor.constraint(equalToConstant: 1024).isActive = true
    }
}
