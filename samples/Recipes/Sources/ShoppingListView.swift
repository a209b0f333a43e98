import SwiftUI
import UIKit

/// The shopping list, in SwiftUI: pull to refresh from the server, and a stepper per item.
struct ShoppingListView: View {
    @State private var items: [ShoppingItem] = []

    var body: some View {
        List($items) { $item in
            HStack {
                Text(item.name)
                Spacer()
                // Apple's advice: a control of its own in the Mac idiom.
                if UIDevice.current.userInterfaceIdiom != .mac {
                    Stepper("\(item.quantity)", value: $item.quantity, in: 1...99)
                } else {
                    TextField("Quantity", value: $item.quantity, format: .number)
                }
            }
        }
        // Shows a UIRefreshControl, which the Mac idiom does not have.
        .refreshable { await reload() }
    }

    private func reload() async {}
}

struct ShoppingItem: Identifiable {
    let id = UUID()
    var name: String
    var quantity: Int
}
