import numpy as np
import imageio
import torchvision.transforms as transforms
import os
import argparse

from preprocessing import *
#del -> 26, nothing -> 27, space -> 28
def load_data(root, filter=0):
    per_class = 200
    n_total = 29*per_class

    pixels = np.empty((n_total, 3, 200, 200), dtype=np.float64)
    targets = np.empty((n_total, 1), dtype=np.uint8)
    classes = os.listdir(root)
    print(len(classes))
    pos = 0
    for cls in classes:
        files = os.listdir(root+'/'+cls)

        for k, fname in enumerate(files):
            if k == per_class:
                break

            fpath = root + '/' + cls + '/' + fname
            # im = imageio.imread(root + '/' + cls + '/' + fname)
            im = process_image(fpath, filter=filter)
            # im = np.transpose(im, (2, 0, 1))
            # im = im/255.0
            pixels[pos, ...] = im

            if cls == "del":
                t = 26
            elif cls == "nothing":
                t = 27
            elif cls == "space":
                t = 28
            else:
                t = ord(cls) - 65
            if t > 28:
                print('unexpected folder: ', cls, t)

            targets[pos] = t
            pos+= 1
        print(cls, ':', pos)

    np.save('data/image_data_' + str(filter), pixels)
    np.save('data/image_labels_' + str(filter), targets)


if __name__ == '__main__':
    cli = argparse.ArgumentParser()
    cli.add_argument('--filter', type=int, default=0)
    opts = vars(cli.parse_args())

    filter = opts['filter']

    load_data('asl_alphabet_train', filter=filter)
