import os
from sklearn.model_selection import train_test_split

import torch
import cv2
import numpy as np
from torch.utils.data import Dataset
from paths_cfg import DataPaths


class FrameFolderClips(Dataset):
    r"""Clips stored as folders of extracted frames: frames_dir/split/class/clip/*.jpg.
    Folder layout is split -> class -> clip. Keeps every clip folder path
    and an integer id per clip, taken from the class folder name.
    Frames are read per item.

        Args:
            dataset (str): which corpus; only 'ucf101' is known.
            split (str): train, val or test sub-folder to read.
            clip_len (int): frames per returned clip.
            prepare (bool): force the video-to-frames pass.
    """

    def __init__(self, dataset='ucf101', split='train', clip_len=16, prepare=False):
        self.src_dir, self.frames_dir = DataPaths.db_dir(dataset)
        split_dir = os.path.join(self.frames_dir, split)
        self.clip_len = clip_len
        self.split = split

        # sizes follow the C3D recipe
        self.out_h = 128
        self.out_w = 171
        self.side = 120

        if not self.src_exists():
            print(str(self.src_dir))
            raise RuntimeError('no source videos at that path,' +
                               ' fetch the corpus first.')

        if (not self.frames_ready()) or prepare:
            print('extracting frames for {} once; this is slow.'.format(dataset))
            self.prepare()

        # list clip folders
        # one class folder after another
        self.clip_dirs, names = [], []
        for name in sorted(os.listdir(split_dir)):
            for entry in os.listdir(os.path.join(split_dir, name)):
                self.clip_dirs.append(os.path.join(split_dir, name, entry))
                names.append(name)

        assert len(names) == len(self.clip_dirs)
        print('{} clips: {:d}'.format(split, len(self.clip_dirs)))

        # class name -> id
        self.name_to_id = {name: index for index, name in enumerate(sorted(set(names)))}
        # ids of every clip
        self.ids = np.array([self.name_to_id[name] for name in names], dtype=int)

        if dataset == "ucf101":
            if not os.path.exists('../Data/class_ids.txt'):
                with open('../Data/class_ids.txt', 'w') as fh:
                    for cid, name in enumerate(sorted(self.name_to_id)):
                        fh.writelines(str(cid+1) + ' ' + name + '\n')

    def __len__(self):
        return len(self.clip_dirs)

    def __getitem__(self, index):
        # read, crop, augment
        arr = self.read_frames(self.clip_dirs[index])
        arr = self.random_crop(arr, self.clip_len, self.side)
        names = np.array(self.ids[index])

        if self.split == 'test':
            # flip augmentation
            arr = self.maybe_flip(arr)
        arr = self.center(arr)
        arr = self.channels_first(arr)
        return torch.from_numpy(arr), torch.from_numpy(names)

    def src_exists(self):
        if not os.path.exists(self.src_dir):
            return False
        else:
            return True

    def frames_ready(self):
        # only the first few class folders are probed
        if not os.path.exists(self.frames_dir):
            return False
        elif not os.path.exists(os.path.join(self.frames_dir, 'train')):
            return False

        for k, cls in enumerate(os.listdir(os.path.join(self.frames_dir, 'train'))):
            for vid in os.listdir(os.path.join(self.frames_dir, 'train', cls)):
                first_img = os.path.join(os.path.join(self.frames_dir, 'train', cls, vid),
                                    sorted(os.listdir(os.path.join(self.frames_dir, 'train', cls, vid)))[0])
                img0 = cv2.imread(first_img)
                if np.shape(img0)[0] != 128 or np.shape(img0)[1] != 171:
                    return False
                else:
                    break

            if k == 10:
                break

        return True

    def prepare(self):
        if not os.path.exists(self.frames_dir):
            os.makedirs(self.frames_dir)
            os.makedirs(os.path.join(self.frames_dir, 'train'))
            os.makedirs(os.path.join(self.frames_dir, 'val'))
            os.makedirs(os.path.join(self.frames_dir, 'test'))

        # per-class split of the source videos
        for cls_name_dir in os.listdir(self.src_dir):
            cls_path = os.path.join(self.src_dir, cls_name_dir)
            vids = [name for name in os.listdir(cls_path)]

            rest, test_v = train_test_split(vids, test_size=0.15, random_state=42)
            fit_v, val_v = train_test_split(rest, test_size=15/85, random_state=42)

            fit_out = os.path.join(self.frames_dir, 'train', cls_name_dir)
            val_out = os.path.join(self.frames_dir, 'val', cls_name_dir)
            test_out = os.path.join(self.frames_dir, 'test', cls_name_dir)

            if not os.path.exists(fit_out):
                os.makedirs(fit_out)
            if not os.path.exists(val_out):
                os.makedirs(val_out)
            if not os.path.exists(test_out):
                os.makedirs(test_out)

            for vid in fit_v:
                self.dump_frames(vid, cls_name_dir, fit_out)

            for vid in val_v:
                self.dump_frames(vid, cls_name_dir, val_out)

            for vid in test_v:
                self.dump_frames(vid, cls_name_dir, test_out)

        print('frame extraction done.')

    def dump_frames(self, vid, cls_name, out_dir):
        # open the source video
        stem = vid.split('.')[0]
        if not os.path.exists(os.path.join(out_dir, stem)):
            os.makedirs(os.path.join(out_dir, stem))

        cap = cv2.VideoCapture(os.path.join(self.src_dir, cls_name, vid))

        n_frames = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
        w0 = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH))
        h0 = int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))

        # keep at least 16 frames per clip
        STEP = 4
        if n_frames // STEP <= 16:
            STEP -= 1
            if n_frames // STEP <= 16:
                STEP -= 1
                if n_frames // STEP <= 16:
                    STEP -= 1

        pos = 0
        i = 0
        ok = True

        while (pos < n_frames and ok):
            ok, im = cap.read()
            if im is None:
                continue

            if pos % STEP == 0:
                if (h0 != self.out_h) or (w0 != self.out_w):
                    im = cv2.resize(im, (self.out_w, self.out_h))
                cv2.imwrite(filename=os.path.join(out_dir, stem, 'f{}.jpg'.format(str(i))), img=im)
                i += 1
            pos += 1

        # close the reader
        cap.release()

    def maybe_flip(self, arr):
        """Mirror the clip left-right half of the time."""

        if np.random.random() < 0.5:
            for i, im in enumerate(arr):
                im = cv2.flip(arr[i], flipCode=1)
                arr[i] = cv2.flip(im, flipCode=1)

        return arr


    def center(self, arr):
        for i, im in enumerate(arr):
            im -= np.array([[[90.0, 98.0, 102.0]]])
            arr[i] = im

        return arr

    def channels_first(self, arr):
        return arr.transpose((3, 0, 1, 2))

    def read_frames(self, clip_dir):
        paths = sorted([os.path.join(clip_dir, img) for img in os.listdir(clip_dir)])
        n_frames = len(paths)
        arr = np.empty((n_frames, self.out_h, self.out_w, 3), np.dtype('float32'))
        for i, p in enumerate(paths):
            im = np.array(cv2.imread(p)).astype(np.float64)
            arr[i] = im

        return arr

    def random_crop(self, arr, clip_len, side):
        # random start frame
        t0 = np.random.randint(arr.shape[0] - clip_len)

        # random top-left corner
        y0 = np.random.randint(arr.shape[1] - side)
        x0 = np.random.randint(arr.shape[2] - side)

        # one spatial window for every frame and a run of
        # consecutive frames from t0; the crop is a view of
        # the decoded arr
        arr = arr[t0:t0 + clip_len,
                 y0:y0 + side,
                 x0:x0 + side, :]

        return arr





if __name__ == "__main__":
    from torch.utils.data import DataLoader
    probe_ds = FrameFolderClips(dataset='ucf101', split='train', clip_len=8, prepare=False)
    probe_loader = DataLoader(probe_ds, batch_size=100, shuffle=True, num_workers=4)

    for i, batch in enumerate(probe_loader):
        xb = batch[0]
        names = batch[1]
        print(xb.size())
        print(names)

        if i == 1:
            break


# based on a public C3D data loader