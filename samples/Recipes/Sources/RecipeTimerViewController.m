#import "RecipeTimerViewController.h"

#define IS_IPAD (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)

@implementation ServingsStepper
@end

@implementation RecipeTimerViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UIButton *start = [UIButton buttonWithType:UIButtonTypeSystem];
    [start setTitle:@"Start" forState:UIControlStateNormal];
    [start setTitle:@"Running" forState:UIControlStateSelected];
    // Apple's pattern: the stepper only where the idiom is not the Mac's.
    if (self.traitCollection.userInterfaceIdiom != UIUserInterfaceIdiomMac) {
        [self.view addSubview:[[ServingsStepper alloc] init]];
    }
}

- (CGFloat)timerWidth {
    return IS_IPAD ? 420 : 280;
}

- (void)confirmReset:(UIView *)sender {
    UIAlertController *sheet = [UIAlertController alertControllerWithTitle:@"Reset the timer?" message:nil
                                                            preferredStyle:UIAlertControllerStyleActionSheet];
    sheet.popoverPresentationController.sourceView = sender;
    [self presentViewController:sheet animated:YES completion:nil];
}

@end
