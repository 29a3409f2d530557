from glob import glob
import numpy as np
import cv2

class FaceBatcher():
    def __init__(self, root_name, img_res=(28, 28), keep_in_ram=True, suffix="jpg"):

        self.keep_in_ram = keep_in_ram
        self.root_name = root_name
        self.img_res = img_res
        self.file_list = glob(f"{self.root_name}/{self.img_res[0]}by{self.img_res[1]}/*.{suffix}")
        self.count = len(self.file_list)
        if self.keep_in_ram:
            # read every face once and map pixels into [-1, 1]
            self.all_faces = np.array(list(map(self.read_rgb, self.file_list))) / 127.5 -1.

    def sample(self, batch_size=1, is_testing=False):
        picked = [] # the faces handed back
        if self.keep_in_ram:
            # draw a random batch out of the cached faces
            idx = np.random.choice(range(self.count), size=batch_size)
            for i in idx:
                picked.append(self.all_faces[i])
            picked = np.array(picked)
        else:
            # decode a random batch straight from disk
            chosen_files = np.random.choice(self.file_list, size=batch_size)

            for one_file in chosen_files:
                face = self.read_rgb(one_file)
                picked.append(face)

            # map pixels into [-1, 1]
            picked = np.array(picked) / 127.5 - 1.
        return picked

    def size(self):
        return self.count

    def read_rgb(self, path):
        face = cv2.imread(path)
        # OpenCV gives BGR; matplotlib wants RGB
        return cv2.cvtColor(face, cv2.COLOR_BGR2RGB)

if __name__ == "__main__":
    fb = FaceBatcher(root_name="celeba", img_res=(28,28), keep_in_ram=True)
    print(fb.size())
