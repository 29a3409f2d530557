import glob
import numpy as np
import matplotlib.pyplot as plot
import cv2
import os
import random
from sklearn.metrics import confusion_matrix


# noinspection PyMethodMayBeStatic
class SceneFolders:
    def __init__(self):
        self.class_ids = {'mountain': 0, 'street': 1, 'glacier': 2, 'buildings': 3, 'sea': 4, 'forest': 5}

    def show_grid(self, files_by_class, side=150):
        pics = []
        names = []
        for cls in files_by_class.keys():
            for fpath in files_by_class[cls]:
                pic = cv2.imread(fpath)
                pic = cv2.cvtColor(pic, cv2.COLOR_BGR2RGB)
                pic = cv2.resize(pic, (side, side))
                pics.append(pic)
                names.append(cls)

        pic = np.array(pic)
        names = np.array(names)

        fig, axs = plot.subplots(5, 5)
        fig.subplots_adjust(left=0, bottom=0, right=0.8, top=0.8)
        for r in range(0, 5, 1):
            for c in range(0, 5, 1):
                pick = random.randint(0, len(pics))
                axs[r, c].imshow(pics[pick])
                axs[r, c].set_title(names[pick])
                axs[r, c].axis('off')

        plot.show()

    def show_confusion(self, net_obj, x_in, y_in):
        scores = net_obj.model.predict(x_in)
        guessed = np.argmax(scores, axis=1)

        cm = confusion_matrix(y_in, guessed)

        fig, axis = plot.subplots(figsize=(7.5, 7.5))
        axis.matshow(cm, cmap=plot.cm.Blues, alpha=0.3)
        for r in range(cm.shape[0]):
            for c in range(cm.shape[1]):
                axis.text(x=c, y=r, s=cm[r, c], va='center', ha='center', size='xx-large')

        plot.xticks(np.arange(6), self.class_ids.keys())
        plot.yticks(np.arange(6), self.class_ids.keys())
        plot.xlabel('predicted', fontsize=18)
        plot.ylabel('true', fontsize=18)
        plot.title('confusion', fontsize=18)
        plot.show()

    def write_one_extra(self, fpath, cls, idx, pic):
        if 'seg_train' not in fpath:
            return
        base = fpath.split('/').pop()
        base = base.split('.')[0] + '_extra.' + base.split('.')[1]
        out_path = './scenes/seg_train/' + cls + '/' + base

        # only every other picture gets an extra copy
        if idx % 8 == 0:
            changed = self.perturb('crop', pic)
        elif idx % 8 == 1:
            changed = self.perturb('mirror', pic)
        elif idx % 8 == 2:
            changed = self.perturb('darker', pic)
        elif idx % 8 == 3:
            changed = self.perturb('grain', pic)
        else:
            return
        cv2.imwrite(out_path, changed)

    def list_files(self, root):
        found = {}
        for sub in os.listdir(root):
            found[sub] = glob.glob(pathname=str(root + sub + '/*.jpg'))
        return found

    def perturb(self, kind, pic):
        if kind == "crop":
            keep = 0.8
            h, w = pic.shape[:2]
            h_keep = int(keep * h)
            w_keep = int(keep * w)
            top = random.randint(0, h - h_keep)
            left = random.randint(0, w - w_keep)
            pic = pic[top:top + h_keep, left:left + w_keep, :]
            changed = cv2.resize(pic, (h, w), cv2.INTER_CUBIC)
            return changed
        elif kind == "mirror":
            changed = cv2.flip(pic, 1)
            return changed
        elif kind == "darker":
            factor = 0.75
            hsv = cv2.cvtColor(pic, cv2.COLOR_BGR2HSV)
            hsv = np.array(hsv, dtype=np.float64)
            hsv[:, :, 1] = hsv[:, :, 1] * factor
            hsv[:, :, 1][hsv[:, :, 1] > 255] = 255
            hsv[:, :, 2] = hsv[:, :, 2] * factor
            hsv[:, :, 2][hsv[:, :, 2] > 255] = 255
            hsv = np.array(hsv, dtype=np.uint8)
            changed = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
            return changed
        elif kind == "grain":
            rows, cols, chans = pic.shape
            noise = np.random.randn(rows, cols, chans)
            noise = noise.reshape(rows, cols, chans)
            changed = pic + pic * (noise * 0.1)
            return changed

    def write_extra_pictures(self, files_by_class):
        for cls in files_by_class.keys():
            # extras already written for this class
            if len(files_by_class[cls]) > 2500:
                continue
            for idx, fpath in enumerate(files_by_class[cls]):
                pic = cv2.imread(fpath)
                self.write_one_extra(fpath, cls, idx, pic)

    def delete_extra_pictures(self):
        for cls in self.class_ids.keys():
            folder = './scenes/seg_train/' + cls + '/'
            entries = os.listdir(folder)
            for entry in entries:
                if entry.endswith("extra.jpg"):
                    os.remove(os.path.join(folder, entry))

    def read_and_shrink(self, files_by_class, side=150):
        decoded = {}
        for cls in files_by_class.keys():
            rows_list = []
            for idx, fpath in enumerate(files_by_class[cls]):
                pic = cv2.imread(fpath)
                pic = cv2.cvtColor(pic, cv2.COLOR_BGR2RGB)
                pic = cv2.resize(pic, (side, side))
                rows_list.append(list(pic))
            decoded[cls] = rows_list
        return decoded

    def report_counts(self, tag, files_by_class):
        print('-' * 20)
        print('counting files of split [' + tag + ']')
        for cls in files_by_class.keys():
            print('class {:12s} has {:7s} files'.format(cls, str(len(files_by_class[cls]))))
        print('-' * 20)

    def drop_odd_sizes(self, files_by_class):
        before = sum([len(files_by_class[cls]) for cls in files_by_class.keys()])
        print('-' * 20)
        print('dropping files that are not 150x150..')
        print('files before: ' + str(before))
        for cls in files_by_class.keys():
            odd = []
            for fpath in files_by_class[cls]:
                pic = plot.imread(fpath)
                if pic.shape != (150, 150, 3):
                    odd.append(fpath)
            files_by_class[cls] = [f for f in files_by_class[cls] if f not in odd]
        after = sum([len(files_by_class[cls]) for cls in files_by_class.keys()])
        print('files after: ' + str(after))
        print('-' * 20)

    def to_arrays(self, decoded):
        xs = []
        ys = []
        for cls in decoded.keys():
            for pic in decoded[cls]:
                xs.append(pic)
                ys.append(self.class_ids[cls])

        print(ys.count(0))
        print(ys.count(1))
        print(ys.count(2))
        print(ys.count(3))
        print(ys.count(4))
        print(ys.count(5))
        return np.array(xs), np.array(ys)
