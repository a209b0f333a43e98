import UIKit

/// A star rating slider with a custom thumb: throws in the Mac idiom, since nothing keeps the iPad style.
final class RatingSlider: UISlider {
    override init(frame: CGRect) {
        super.init(frame: frame)
        setThumbImage(UIImage(named: "star"), for: .normal)
        minimumTrackTintColor = .systemYellow
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }
}

/// A cooking-timer slider that keeps its iPad look in the Mac idiom: fine.
final class TimerSlider: UISlider {
    override init(frame: CGRect) {
        super.init(frame: frame)
        preferredBehavioralStyle = .pad
        minimumValue = 0
        maximumValue = 120
        setThumbImage(UIImage(named: "timer-thumb"), for: .normal)
        maximumTrackTintColor = .systemGray4
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }
}

/// Apple's pattern: a slider with the iPad behavioral style and a thumb image per idiom.
func makeVolumeSlider() -> UISlider {
    let slider = UISlider()
    slider.minimumValue = 0
    slider.maximumValue = 1
    slider.value = 0.5
    slider.preferredBehavioralStyle = .pad

    if slider.traitCollection.userInterfaceIdiom == .mac {
        slider.setThumbImage(UIImage(named: "customSliderThumbMac"), for: .normal)
    } else {
        slider.setThumbImage(UIImage(named: "customSliderThumb"), for: .normal)
    }
    return slider
}
