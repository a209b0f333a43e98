import Foundation

struct Recipe: Hashable {
    var title: String
    var servings: Int
    var isFavorite: Bool
}

final class RecipeStore {
    static let shared = RecipeStore()
    private var recipes: [Recipe] = []

    func load() -> [Recipe] { recipes }

    func delete(_ recipe: Recipe) -> Bool {
        guard let index = recipes.firstIndex(of: recipe) else { return false }
        recipes.remove(at: index)
        return true
    }
}
