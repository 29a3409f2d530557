# Small frames and short clips keep the experiments quick;
# larger frames or longer clips should score better.
FRAME_H, FRAME_W = 64, 64
CLIP_LEN = 20
VIDEO_ROOT = r"D:\datasets\UCF50\UCF50"
ACTIONS = ["HorseRiding", "TaiChi", "SalsaSpin", "YoYo"]

"""
ACTIONS = ["HorseRiding", "TaiChi", "SalsaSpin", "YoYo", "BaseballPitch", "Basketball", 
"BenchPress", "Biking", "Breaststroke", "CleanAndJerk", "Diving", "Drumming", "Fencing", 
"GolfSwing","PlayingGuitar", "HighJump"] 
"""
