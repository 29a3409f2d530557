import random


class StartCrop:
    """Clip that always starts at time zero."""

    def __init__(self, clip_duration: float):
        self.clip_duration = clip_duration

    def __call__(self, audio_duration: float) -> tuple[float, float]:
        start_time = 0.
        return start_time, self.clip_duration


class RandomCrop:
    """Random start time for a clip of clip_duration seconds."""

    def __init__(
        self,
        clip_duration: float,
        end_pad: float = 0
    ):
        self.clip_duration = clip_duration
        self.end_pad = end_pad

    def __call__(self, audio_duration: float) -> tuple[float, float]:

        padded_duration = audio_duration + self.end_pad

        if self.clip_duration <= padded_duration:
            start_time = random.uniform(0., padded_duration - self.clip_duration)

        else:
            start_time = 0

        return start_time, self.clip_duration