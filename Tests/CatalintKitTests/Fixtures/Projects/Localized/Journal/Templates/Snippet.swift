import UIKit

// A template copied as it is: a folder reference is never compiled, even in a Sources phase.
let stepper = UIStepper()
