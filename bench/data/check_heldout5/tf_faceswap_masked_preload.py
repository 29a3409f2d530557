# source: https://github.com/dfaker/df/blob/c0b88ff923842bca0009be906e11aff8deeb7e79/train.py (+ utils.py, training_data.py)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import json
import queue
import random
import threading

import cv2
import numpy
from tqdm import tqdm

from image_augmentation import random_transform, random_warp_src_dest


def list_pictures(folder):
    return [e.path for e in os.scandir(folder) if e.name.endswith(".jpg") or e.name.endswith(".png")]


def read_faces_with_masks(paths, convert=None, blur=35):
    base = os.path.split(paths[0])[0]
    align_file = os.path.join(base, 'alignments.json')
    align_info = json.loads(open(align_file).read())

    faces = []
    marks = []
    bar = tqdm(align_info)
    for source, crop, mat, pts in bar:
        bar.set_description('reading ' + base)
        crop = os.path.join(base, os.path.split(crop)[1])
        if crop in paths and os.path.exists(crop):
            picture = cv2.imread(crop).astype(float)
            mat = numpy.array(mat).reshape(2, 3)
            pts = numpy.array(pts).reshape((-1, 2))
            mat = mat * 160
            mat[:, 2] += 42
            face_pts = numpy.array(pts).reshape((-1, 2))
            matte = numpy.zeros_like(picture, dtype=numpy.uint8)
            hull = cv2.convexHull(face_pts.astype(int))
            hull = cv2.transform(hull.reshape(1, -1, 2), mat).reshape(-1, 2).astype(int)
            cv2.fillConvexPoly(matte, hull, (255, 255, 255))
            kern = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (15, 15))
            matte = cv2.dilate(matte, kern, iterations=1, borderType=cv2.BORDER_REFLECT)
            face_pts = cv2.transform(numpy.array(pts).reshape((1, -1, 2)), mat).reshape(-1, 2).astype(int)
            matte = matte[:, :, 0]
            faces.append(numpy.dstack([picture, matte]).astype(numpy.uint8))
            marks.append(face_pts)
    return numpy.array(faces), numpy.array(marks)


augment_args = {'rotation_range': 10, 'zoom_range': 0.05, 'shift_range': 0.05, 'random_flip': 0.0}


def batch_worker(pics, src_pts, dst_pts, batch_size, out_q):
    while 1:
        picks = numpy.random.choice(range(0, pics.shape[0]), size=batch_size, replace=False)
        for i, idx in enumerate(picks):
            pic = random_transform(pics[idx], **augment_args)
            near = (numpy.mean(numpy.square(src_pts[idx] - dst_pts), axis=(1, 2))).argsort()[:10]
            near = numpy.random.choice(near)
            warped, target, matte = random_warp_src_dest(pic, src_pts[idx], dst_pts[near])
            if numpy.random.random() < 0.5:
                warped = warped[:, ::-1]
                target = target[:, ::-1]
                matte = matte[:, ::-1]
            if i == 0:
                warped_b = numpy.empty((batch_size,) + warped.shape, warped.dtype)
                target_b = numpy.empty((batch_size,) + target.shape, warped.dtype)
                matte_b = numpy.empty((batch_size,) + matte.shape, matte.dtype)
            warped_b[i] = warped
            target_b[i] = target
            matte_b[i] = matte
        out_q.put((warped_b, target_b, matte_b))


workers = {}
turn = 0


def next_batch(pics, src_pts, dst_pts, batch_size):
    global turn
    turn += 1
    key = (id(pics), batch_size, turn % 3)
    if key in workers:
        t, q = workers.get(key)
    else:
        q = queue.Queue(maxsize=20)
        t = threading.Thread(target=batch_worker, args=(pics, src_pts, dst_pts, batch_size, q))
        t.daemon = True
        t.start()
        workers[key] = (t, q)
    return q.get()


if __name__ == '__main__':
    paths_a = list_pictures("data/A")
    paths_b = list_pictures("data/B")
    max_faces = 2000
    random.shuffle(paths_a)
    random.shuffle(paths_b)

    faces_a, marks_a = read_faces_with_masks(paths_a[:max_faces])
    faces_b, marks_b = read_faces_with_masks(paths_b[:max_faces])
    print('A', faces_a.shape, 'B', faces_b.shape)

    faces_a = faces_a / 255.0
    faces_b = faces_b / 255.0

    faces_a[:, :, :, :3] += faces_b[:, :, :, :3].mean(axis=(0, 1, 2)) - faces_a[:, :, :, :3].mean(axis=(0, 1, 2))

    batch_size = int(32)
    from model import autoencoder_A, autoencoder_B, encoder, decoder_A, decoder_B

    try:
        encoder.load_weights("models/encoder.h5")
        decoder_A.load_weights("models/decoder_A.h5")
        decoder_B.load_weights("models/decoder_B.h5")
    except:
        pass

    def store_weights():
        encoder.save_weights("models/encoder.h5")
        decoder_A.save_weights("models/decoder_A.h5")
        decoder_B.save_weights("models/decoder_B.h5")

    while 1:
        bar = tqdm(range(1000000))
        for step in bar:
            warped_a, target_a, matte_a = next_batch(faces_a, marks_a, marks_b, batch_size)
            warped_b, target_b, matte_b = next_batch(faces_b, marks_b, marks_a, batch_size)
            loss_a = autoencoder_A.train_on_batch([warped_a, matte_a], [target_a, matte_a])
            loss_b = autoencoder_B.train_on_batch([warped_b, matte_b], [target_b, matte_b])
            bar.set_description("A {} B {}".format(loss_a, loss_b))
            if step % 100 == 0:
                store_weights()
            key = cv2.waitKey(1)
            if key == ord('q'):
                store_weights()
                exit()
