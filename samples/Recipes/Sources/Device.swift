import UIKit

extension UIDevice {
    /// True on iPad, and false in the Mac idiom: a layout chosen by it gives the Mac the iPhone's.
    static var isPad: Bool {
        current.userInterfaceIdiom == .pad
    }
}
