import numpy as np
import cv2


class ClipReader:

    def __init__(self, out_w, out_h, n_frames):
        self.out_w = out_w
        self.out_h = out_h
        self.n_frames = n_frames

    def read_clip(self, video_file, rgb=False, spread=True):
        capture = cv2.VideoCapture(video_file)
        n_frames_total = capture.get(cv2.CAP_PROP_FRAME_COUNT)
        if spread:
            frame_positions = [x * n_frames_total / self.n_frames for x in range(self.n_frames)]
        else:
            frame_positions = [x for x in range(self.n_frames)]
        frames_kept = []

        for i in range(self.n_frames):
            capture.set(cv2.CAP_PROP_POS_FRAMES, frame_positions[i])
            ok, frame = capture.read()
            frame = cv2.resize(frame, (self.out_h, self.out_w))
            if rgb:
                frames_kept.append(frame)
            else:
                frames_kept.append(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY))

        capture.release()
        return np.array(frames_kept)



    def ucf_class_of(self, video_file):
        return video_file[video_file.find('_') + 1:video_file.find('_', 2)]

