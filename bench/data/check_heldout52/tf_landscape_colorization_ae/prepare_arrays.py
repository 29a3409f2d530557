from keras.preprocessing.image import load_img, img_to_array
import numpy as np
import glob


def build(pattern, size):
    """read every landscape photo twice (grey and colour) and store both stacks"""
    greys, colours = [], []

    for fp in glob.glob(pattern):
        col = load_img(fp, target_size=size, color_mode="rgb")
        gry = load_img(fp, target_size=size, color_mode="grayscale")

        col = img_to_array(col)
        gry = img_to_array(gry)

        greys.append(gry/255)
        colours.append(col/255)

    greys = np.array(greys)
    colours = np.array(colours)

    np.save("grey_stack.npy", greys)
    np.save("colour_stack.npy", colours)


build(pattern="../data/landscapes/color/*.*", size=(128, 128))

