import cv2
import numpy as np

class WordPrep:
    symbols = [' ', '!', '"', '#', '&', "'", '(', ')', '*', '+', ',', '-', '.', '/',
           '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ':', ';', '?',
           'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M',
           'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z',
           'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm',
           'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z']

    def __init__(self) -> None:
       pass


    def pad_white(self):
        top, bottom = int(self.goal_h - self.cur_h), int(self.goal_h - self.cur_h) + self.cur_h
        left, right = int(self.goal_w - self.cur_w), int(self.goal_w - self.cur_w) + self.cur_w
        canvas = np.ones([self.goal_h, self.goal_w, 3]) * 255
        canvas[top:bottom, left:right, :] = self.pic
        self.pic = canvas

    def fit_to_goal(self):
        if self.cur_h < self.goal_h and self.cur_w < self.goal_w:
            self.pad_white()
        elif self.cur_h < self.goal_h and self.cur_w >= self.goal_w:
            # too wide: shrink to the goal width, then pad the height
            w_new = self.goal_w
            self.cur_w = w_new
            h_new = int(self.cur_h * self.goal_w / self.cur_w)
            self.cur_h = h_new
            self.pic = cv2.resize(self.pic, (w_new, h_new), interpolation=cv2.INTER_AREA)
            self.pad_white()
        elif self.cur_h >= self.goal_h and self.cur_w < self.goal_w:
            h_new = self.goal_h
            self.cur_h = h_new
            w_new = int(self.cur_w * self.goal_h / self.cur_h)
            self.cur_w = w_new
            self.pic = cv2.resize(self.pic, (w_new, h_new), interpolation=cv2.INTER_AREA)
            self.pad_white()
        else:
            # both sides too large
            scale = max((self.cur_w / self.goal_w), (self.cur_h / self.goal_h))
            w_new = max(min(self.goal_w, int(self.cur_w/scale)), 1)
            self.cur_w = w_new
            h_new = max(min(self.goal_h, int(self.cur_h / scale)), 1)
            self.cur_h = h_new
            self.pic = cv2.resize(self.pic, (w_new, h_new), interpolation=cv2.INTER_AREA)
            self.pad_white()

    def load(self, png_path, goal: tuple=(64,128)):
        self.pic = cv2.imread(png_path)

        self.cur_h, self.cur_w = self.pic.shape[:2]
        self.goal_h = goal[0]
        self.goal_w = goal[1]

        self.fit_to_goal()
        """ scale and convert for the network """
        self.pic = np.clip(self.pic, 0, 255) # keep inside the byte range
        self.pic = np.uint8(self.pic)
        self.pic = cv2.cvtColor(self.pic, cv2.COLOR_BGR2GRAY)

        self.pic = self.pic.astype(np.float32)
        self.pic = np.expand_dims(self.pic, axis=2)
        self.pic /= 255 # into [0, 1]
        return self.pic # (64, 128, 1)

    def text_to_ids(self, text):
        # "more" -> [65 67 70 57]
        ids = []
        for pos, ch in enumerate(text):
            try:
                ids.append(self.symbols.index(ch))
            except:
                print(ch)
        return ids

    def ids_to_text(self, ids):
        pass




