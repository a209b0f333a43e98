import UIKit

/// The list of recipes, in a table on iPad and on the Mac.
final class RecipeListViewController: UITableViewController {
    private var recipes: [Recipe] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Recipes"
        // Pull-to-refresh: the refresh control throws when shown in the Mac idiom.
        tableView.refreshControl = PullToRefreshControl()
        tableView.refreshControl?.addTarget(self, action: #selector(refreshRecipes), for: .valueChanged)
        configureInsets()
    }

    private func configureInsets() {
        if traitCollection.userInterfaceIdiom == .pad {
            tableView.contentInset = UIEdgeInsets(top: 24, left: 40, bottom: 24, right: 40)
        } else {
            tableView.contentInset = .zero
        }
    }

    @objc func refreshRecipes() {
        recipes = RecipeStore.shared.load()
        tableView.reloadData()
        tableView.refreshControl?.endRefreshing()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        recipes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Recipe", for: indexPath) as! RecipeCell
        cell.configure(with: recipes[indexPath.row])
        return cell
    }
}
