import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    // On the Mac, refreshing is a menu command with Command-R instead of pull-to-refresh.
    override func buildMenu(with builder: UIMenuBuilder) {
        super.buildMenu(with: builder)
        guard builder.system == .main else { return }
        let refresh = UIKeyCommand(title: "Refresh", action: #selector(RecipeListViewController.refreshRecipes),
                                   input: "r", modifierFlags: .command)
        builder.insertChild(UIMenu(options: .displayInline, children: [refresh]), atStartOfMenu: .view)
    }

    // UIKit's private switch that silences the Mac idiom's exceptions: App Review rejects it.
    func allowUnsupportedMacBehavior(_ application: UIApplication) {
        let selector = NSSelectorFromString("_setAllowsUnsupportedMacIdiomBehavior:")
        if application.responds(to: selector) {
            application.perform(selector, with: true)
        }
    }
}
