import torch
import numpy as np


def rgb_to_luma(img_in):
    if type(img_in) == np.ndarray:
        return 16. + (64.738 * img_in[:, :, 0] + 129.057 * img_in[:, :, 1] + 25.064 * img_in[:, :, 2]) / 256.
    elif type(img_in) == torch.Tensor:
        if len(img_in.shape) == 4:
            img_in = img_in.squeeze(0)
        return 16. + (64.738 * img_in[0, :, :] + 129.057 * img_in[1, :, :] + 25.064 * img_in[2, :, :]) / 256.
    else:
        raise Exception('unsupported input type', type(img_in))


def rgb_to_ycc(img_in):
    if type(img_in) == np.ndarray:
        lum = 16. + (64.738 * img_in[:, :, 0] + 129.057 * img_in[:, :, 1] + 25.064 * img_in[:, :, 2]) / 256.
        cblue = 128. + (-37.945 * img_in[:, :, 0] - 74.494 * img_in[:, :, 1] + 112.439 * img_in[:, :, 2]) / 256.
        cred = 128. + (112.439 * img_in[:, :, 0] - 94.154 * img_in[:, :, 1] - 18.285 * img_in[:, :, 2]) / 256.
        return np.array([lum, cblue, cred]).transpose([1, 2, 0])
    elif type(img_in) == torch.Tensor:
        if len(img_in.shape) == 4:
            img_in = img_in.squeeze(0)
        lum = 16. + (64.738 * img_in[0, :, :] + 129.057 * img_in[1, :, :] + 25.064 * img_in[2, :, :]) / 256.
        cblue = 128. + (-37.945 * img_in[0, :, :] - 74.494 * img_in[1, :, :] + 112.439 * img_in[2, :, :]) / 256.
        cred = 128. + (112.439 * img_in[0, :, :] - 94.154 * img_in[1, :, :] - 18.285 * img_in[2, :, :]) / 256.
        return torch.cat([lum, cblue, cred], 0).permute(1, 2, 0)
    else:
        raise Exception('unsupported input type', type(img_in))


def ycc_to_rgb(img_in):
    if type(img_in) == np.ndarray:
        red = 298.082 * img_in[:, :, 0] / 256. + 408.583 * img_in[:, :, 2] / 256. - 222.921
        green = 298.082 * img_in[:, :, 0] / 256. - 100.291 * img_in[:, :, 1] / 256. - 208.120 * img_in[:, :, 2] / 256. + 135.576
        blue = 298.082 * img_in[:, :, 0] / 256. + 516.412 * img_in[:, :, 1] / 256. - 276.836
        return np.array([red, green, blue]).transpose([1, 2, 0])
    elif type(img_in) == torch.Tensor:
        if len(img_in.shape) == 4:
            img_in = img_in.squeeze(0)
        red = 298.082 * img_in[0, :, :] / 256. + 408.583 * img_in[2, :, :] / 256. - 222.921
        green = 298.082 * img_in[0, :, :] / 256. - 100.291 * img_in[1, :, :] / 256. - 208.120 * img_in[2, :, :] / 256. + 135.576
        blue = 298.082 * img_in[0, :, :] / 256. + 516.412 * img_in[1, :, :] / 256. - 276.836
        return torch.cat([red, green, blue], 0).permute(1, 2, 0)
    else:
        raise Exception('unsupported input type', type(img_in))


def psnr_of(img_a, img_b):
    return 10. * torch.log10(1. / torch.mean((img_a - img_b) ** 2))


class RunningAverage(object):
    def __init__(self):
        self.clear()

    def clear(self):
        self.last = 0
        self.mean_value = 0
        self.total = 0
        self.n_seen = 0

    def update(self, last, weight=1):
        self.last = last
        self.total += last * weight
        self.n_seen += weight
        self.mean_value = self.total / self.n_seen
