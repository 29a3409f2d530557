import cv2
import os
import numpy as np

MAX_CLASS_COUNT = 4


def dump_video_frames(video_path, frames_dir):
    if os.path.exists(frames_dir):
        return
    sec_idx = 0
    print('reading frames of: ', video_path)
    capture = cv2.VideoCapture(video_path)
    ok, frame = capture.read()
    ok = True
    while ok:
        capture.set(cv2.CAP_PROP_POS_MSEC, (sec_idx * 1000))  # jump to the next whole second
        ok, frame = capture.read()
        # print('frame read:', ok)
        if ok:
            cv2.imwrite(frames_dir + os.path.sep + "frame%d.jpg" % sec_idx, frame)  # one jpg per second
            sec_idx = sec_idx + 1


def read_video_frames(video_path, frames_npy_path):
    if os.path.exists(frames_npy_path):
        return np.load(frames_npy_path)
    sec_idx = 0
    print('reading frames of: ', video_path)
    capture = cv2.VideoCapture(video_path)
    ok, frame = capture.read()
    frames = []
    ok = True
    while ok:
        capture.set(cv2.CAP_PROP_POS_MSEC, (sec_idx * 1000))  # jump to the next whole second
        ok, frame = capture.read()
        # print('frame read:', ok)
        if ok:
            small_frame = cv2.resize(frame, (40, 40), interpolation=cv2.INTER_AREA)
            frames.append(frame)
            sec_idx = sec_idx + 1
    frames_array = np.array(frames)
    print(frames_array.shape)
    np.save(frames_npy_path, frames_array)
    return frames_array


def scan_videos_to_jpgs(data_root):
    videos_dir = data_root + '/UCF-101'
    frames_root = data_root + '/UCF-101-Frames'
    
    if not os.path.exists(frames_root):
        os.makedirs(frames_root)

    n_class_dirs = 0
    for class_name in os.listdir(videos_dir):
        class_dir = videos_dir + os.path.sep + class_name
        if not os.path.isfile(class_dir):
            out_name = class_name
            out_dir = frames_root + os.path.sep + out_name
            if not os.path.exists(out_dir):
                os.makedirs(out_dir)
            n_class_dirs += 1
            for video_file in os.listdir(class_dir):
                video_path = class_dir + os.path.sep + video_file
                video_frames_dir = out_dir + os.path.sep + video_file.split('.')[0]
                if not os.path.exists(video_frames_dir):
                    os.makedirs(video_frames_dir)
                dump_video_frames(video_path, video_frames_dir)
        if n_class_dirs == MAX_CLASS_COUNT:
            break


def scan_videos_to_frame_arrays(data_root):
    videos_dir = data_root + '/UCF-101'
    arrays_root = data_root + '/UCF-101-Features'
    
    if not os.path.exists(arrays_root):
        os.makedirs(arrays_root)

    video_labels = []
    video_samples = []

    n_class_dirs = 0
    for class_name in os.listdir(videos_dir):
        class_dir = videos_dir + os.path.sep + class_name
        if not os.path.isfile(class_dir):
            out_name = class_name
            out_dir = arrays_root + os.path.sep + out_name
            if not os.path.exists(out_dir):
                os.makedirs(out_dir)
            n_class_dirs += 1
            for video_file in os.listdir(class_dir):
                video_path = class_dir + os.path.sep + video_file
                clip_npy_path = out_dir + os.path.sep + video_file.split('.')[0] + '.npy'
                clip_frames = read_video_frames(video_path, clip_npy_path)
                clip_label = class_name
                video_labels.append(clip_label)
                video_samples.append(clip_frames)

        if n_class_dirs == MAX_CLASS_COUNT:
            break

    return video_samples, video_labels


def run():
    print(cv2.__version__)
    data_root = '../very_large_data'
    scan_videos_to_frame_arrays(data_root)


if __name__ == '__main__':
    run()
