#import <UIKit/UIKit.h>

/// The servings control of the timer screen, declared in Objective-C and made from Swift too.
@interface ServingsStepper : UIStepper
@end

@interface RecipeTimerViewController : UIViewController
@end
