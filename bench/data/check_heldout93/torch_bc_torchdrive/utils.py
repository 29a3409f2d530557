import cv2, os
import numpy as np
import matplotlib.image as mpimg
import matplotlib.pyplot as plt
import matplotlib.patches as mpatches


IMAGE_HEIGHT, IMAGE_WIDTH, IMAGE_CHANNELS = 66, 200, 3
INPUT_SHAPE = (IMAGE_HEIGHT, IMAGE_WIDTH, IMAGE_CHANNELS)


def read_rgb(image_file):
    """Doc.

    """
    return mpimg.imread(os.path.join(image_file.strip()))


def crop(image):
    """Doc.

    """
    return image[60:-25, :, :] # note


def resize(image):
    """Doc.

    """
    return cv2.resize(image, (IMAGE_WIDTH, IMAGE_HEIGHT), cv2.INTER_AREA)


def to_yuv(image):
    """Doc.

    """
    return cv2.cvtColor(image, cv2.COLOR_RGB2YUV)


def preprocess(image):
    """Doc.

    """
    image = crop(image)
    image = resize(image)
    image = to_yuv(image)
    return image


def pick_camera(row, ctrl):
    """Doc.


    """
    choice = np.random.choice(3)
    if choice == 0:
        img =  preprocess(read_rgb(row['left']))
        ctrl["steering"] += 0.2
    elif choice == 1:
        img =  preprocess(read_rgb(row['right']))
        ctrl["steering"] -= 0.2
    else:
        img = preprocess(read_rgb(row['center']))

    return [img,float(row["speed"]),np.array(ctrl)]

class Augment(object):
    def rand_mirror(self, data):
        """Doc.

        """

        if np.random.rand() < 0.5:
            data[0] = cv2.flip(data[0], 1)
            data[2][0] = -data[2][0]
        return data

    def rand_shift(self, data, range_x, range_y):
        """Doc.

        """


        dx = range_x * (np.random.rand() - 0.5)
        dy = range_y * (np.random.rand() - 0.5)
        data[2][0] += dx * 0.002
        affine = np.float32([[1, 0, dx], [0, 1, dy]])
        height, width = data[0].shape[:2]
        data[0] = cv2.warpAffine(data[0], affine, (width, height))
        return data

    def rand_shade(self, data):
        """Doc.

        """

        x1, y1 = IMAGE_WIDTH * np.random.rand(), 0
        x2, y2 = IMAGE_WIDTH * np.random.rand(), IMAGE_HEIGHT
        xm, ym = np.mgrid[0:IMAGE_HEIGHT, 0:IMAGE_WIDTH]

        mask = np.zeros_like(data[0][:, :, 1])
        mask[(ym - y1) * (x2 - x1) - (y2 - y1) * (xm - x1) > 0] = 1

        # note
        cond = mask == np.random.randint(2)
        shade = np.random.uniform(low=0.2, high=0.5)

        # note
        hls = cv2.cvtColor(data[0], cv2.COLOR_RGB2HLS)
        hls[:, :, 1][cond] = hls[:, :, 1][cond] * shade
        data[0] = cv2.cvtColor(hls, cv2.COLOR_HLS2RGB)
        return data

    def rand_gain(self, data):
        """Doc.

        """
        # note
        hsv = cv2.cvtColor(data[0], cv2.COLOR_RGB2HSV)
        ratio = 1.0 + 0.4 * (np.random.rand() - 0.5)
        hsv[:, :, 2] = hsv[:, :, 2] * ratio
        data[0] = cv2.cvtColor(hsv, cv2.COLOR_HSV2RGB)
        return data

    def augment(self, sample, range_x=100, range_y=10):
        """Doc.

        """

        sample = self.rand_mirror(sample)
        sample = self.rand_shift(sample, range_x, range_y)
        sample = self.rand_shade(sample)
        sample = self.rand_gain(sample)
        return sample


def plot_curves(tr_curve, va_curve, epochs, kind):
    fig = plt.figure()
    x_vals = np.linspace(0, epochs-1, epochs, dtype=np.int)
    plt.plot(x_vals,tr_curve, 'b', x_vals, va_curve, 'g')
    plt.ylabel(kind)
    plt.xlabel('epoch')
    plt.title(kind + ' per epoch')
    plt.xlim(0, epochs-1)
    p_tr = mpatches.Patch(color='blue', label='train '+kind)
    p_va = mpatches.Patch(color='green', label='val '+kind)
    plt.legend(handles=[p_tr, p_va])
    plt.show()
    fig_path = f'curves_{kind}.png'
    fig.savefig(fig_path)
