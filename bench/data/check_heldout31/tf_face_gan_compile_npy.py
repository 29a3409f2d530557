import numpy as np
import glob
import PIL
import PIL.Image as Image

face_images = []
for png_path in glob.glob("data/raw/*.png"):
    face_img = np.array(Image.open(png_path).convert("RGB"))
    face_images.append((face_img/128.0)-1)
np.save("data/data.npy",np.stack(face_images))

