import cv2, os
import numpy as np
import matplotlib.image as mpimg


ROWS, COLS, CHANS = 66, 200, 3
INPUT_SHAPE = (ROWS, COLS, CHANS)


def read_frame(data_dir, rel_path):
    """
    Read one RGB frame from disk
    """
    return mpimg.imread(os.path.join(data_dir, rel_path.strip()))


def cut(frame):
    """
    Drop the sky rows at the top and the bonnet rows at the bottom
    """
    return frame[60:-25, :, :] # sky and bonnet removed


def shrink(frame):
    """
    Scale the frame to the network's input size
    """
    return cv2.resize(frame, (COLS, ROWS), cv2.INTER_AREA)


def to_yuv(frame):
    """
    RGB to YUV, as in the NVIDIA paper
    """
    return cv2.cvtColor(frame, cv2.COLOR_RGB2YUV)


def prepare(frame):
    """
    All preparation steps in order
    """
    frame = cut(frame)
    frame = shrink(frame)
    frame = to_yuv(frame)
    return frame


def pick_camera(data_dir, center, left, right, angle):
    """
    Pick one of the three cameras at random and correct the
    steering angle for the side cameras.
    """
    pick = np.random.choice(3)
    if pick == 0:
        return read_frame(data_dir, left), angle + 0.2
    elif pick == 1:
        return read_frame(data_dir, right), angle - 0.2
    return read_frame(data_dir, center), angle


def maybe_mirror(frame, angle):
    """
    Mirror the frame left/right half of the time and negate the angle.
    """
    if np.random.rand() < 0.5:
        frame = cv2.flip(frame, 1)
        angle = -angle
    return frame, angle


def shift(frame, angle, span_x, span_y):
    """
    Random horizontal and vertical translation.
    """
    dx = span_x * (np.random.rand() - 0.5)
    dy = span_y * (np.random.rand() - 0.5)
    angle += dx * 0.002
    mat = np.float32([[1, 0, dx], [0, 1, dy]])
    h, w = frame.shape[:2]
    frame = cv2.warpAffine(frame, mat, (w, h))
    return frame, angle


def add_shadow(frame):
    """
    Darken one side of a random line
    """
    # the points (ax, ay) and (bx, by) define the line
    # gx, gy index every pixel
    ax, ay = COLS * np.random.rand(), 0
    bx, by = COLS * np.random.rand(), ROWS
    gx, gy = np.mgrid[0:ROWS, 0:COLS]

    # pixels on one side of the line get 1, the rest 0
    # the y axis points down, so the side test is
    # (gy-ay)/(gx-ax) > (by-ay)/(bx-ax)
    # written without division to avoid bx == ax:
    # (gy-ay)*(bx-ax) - (by-ay)*(gx-ax) > 0
    side = np.zeros_like(frame[:, :, 1])
    side[(gy - ay) * (bx - ax) - (by - ay) * (gx - ax) > 0] = 1

    # choose the shaded side and how dark it gets
    sel = side == np.random.randint(2)
    dim = np.random.uniform(low=0.2, high=0.5)

    # scale lightness in HLS space
    hls = cv2.cvtColor(frame, cv2.COLOR_RGB2HLS)
    hls[:, :, 1][sel] = hls[:, :, 1][sel] * dim
    return cv2.cvtColor(hls, cv2.COLOR_HLS2RGB)


def jitter_brightness(frame):
    """
    Random brightness change.
    """
    # the V channel of HSV is brightness
    hsv = cv2.cvtColor(frame, cv2.COLOR_RGB2HSV)
    gain = 1.0 + 0.4 * (np.random.rand() - 0.5)
    hsv[:,:,2] =  hsv[:,:,2] * gain
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2RGB)


def augment(data_dir, center, left, right, angle, span_x=100, span_y=10):
    """
    One randomly augmented frame with its corrected angle.
    (the recorded angle belongs to the center camera)
    """
    frame, angle = pick_camera(data_dir, center, left, right, angle)
    frame, angle = maybe_mirror(frame, angle)
    frame, angle = shift(frame, angle, span_x, span_y)
    frame = add_shadow(frame)
    frame = jitter_brightness(frame)
    return frame, angle


def batch_generator(data_dir, paths, angles, batch_size, training):
    """
    Endless generator of (frames, angles) batches read from disk
    """
    frames = np.empty([batch_size, ROWS, COLS, CHANS])
    steer = np.empty(batch_size)
    while True:
        k = 0
        for idx in np.random.permutation(paths.shape[0]):
            center, left, right = paths[idx]
            angle = angles[idx]
            # augmentation
            if training and np.random.rand() < 0.6:
                frame, angle = augment(data_dir, center, left, right, angle)
            else:
                frame = read_frame(data_dir, center) 
            # place into the batch
            frames[k] = prepare(frame)
            steer[k] = angle
            k += 1
            if k == batch_size:
                break
        yield frames, steer
