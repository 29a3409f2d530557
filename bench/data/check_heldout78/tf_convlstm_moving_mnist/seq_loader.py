import numpy as np
import cv2

class MovingDigits():
    
    def __init__(self, npy_path):
        self.n_sequences = 10000
        self.n_keep = 4000
        self.w = 64
        self.h = 64
        self.ch = 1
        self.seq_len = 20
        self.raw = np.load(npy_path)
        self.clips = np.empty([self.n_keep, self.seq_len, self.h, self.w, self.ch], dtype=np.float32)
    
    def load(self):
        for s in range(6001, self.n_sequences):
            one = np.expand_dims(self.raw[:,s,:,:], axis=3)
            self.clips[s-6001,:,:,:] = one.copy()
        return self.clips

    def dump_frames(self):
        k = 0
        for fr in self.clips:
            cv2.imwrite("frames/f"+str(k)+".png", fr)
            k += 1

