import matplotlib.pyplot as plt
import os
import cv2
import pickle

from src.config import DATA_DIR


# read every image of one split folder, with its class index, into one list
def read_split(folder, classes=['NORMAL','PNEUMONIA'], side=128):
    rows = []

    for cls in classes:
        cls_dir = os.path.join(folder, cls) # NORMAL or PNEUMONIA sub-folder
        cls_idx = classes.index(cls) # its label

        for fname in os.listdir(cls_dir):
            bgr = cv2.imread(os.path.join(cls_dir,fname))
            soft = cv2.GaussianBlur(bgr,(5,5),cv2.BORDER_DEFAULT)
            small = cv2.resize(soft, (side, side), interpolation=cv2.INTER_NEAREST)
            rows.append([small, cls_idx])

    return rows


# separate the pixel arrays from the labels
def unzip_rows(rows):
    xs = []
    ys = []

    for pix, lab in rows:
        xs.append(pix)
        ys.append(lab)
    
    return xs, ys


# print how the two labels are balanced
def show_balance(labels):

    zeros = []
    ones = []

    for k in range(len(labels)):
        if labels[k] == 0:
            zeros.append(labels[k])
        if labels[k] == 1:
            ones.append(labels[k])
    
    share_normal = (len(zeros)/(len(zeros) + len(ones)))*100
    share_sick = (len(ones)/(len(zeros) + len(ones)))*100
    print("normal share in percent = {}".format(share_normal))
    print("pneumonia share in percent = {}".format(share_sick))


def main():
    root = DATA_DIR
    dir_train = DATA_DIR / 'train'
    dir_test = DATA_DIR / 'test'
    dir_val = DATA_DIR / 'val'
    CLASSES = ['NORMAL', 'PNEUMONIA']

    top_rows = [0, 1]
    top_cols = [0, 1, 2]
    low_rows = [2, 3]
    low_cols = [0, 1, 2]
    dir_sick = os.path.join(dir_train, 'Normal')
    dir_ok = os.path.join(dir_train, 'PNEUMONIA')
    fig, grid = plt.subplots(nrows=4, ncols=3, figsize=(8, 8))
    fig.suptitle('Normal against pneumonia radiographs')
    plt.tight_layout()

    k = 0
    for r in (top_rows):
        for c in (top_cols):
            fname = os.listdir(dir_ok)[k]
            pix = cv2.imread(os.path.join(dir_ok, fname))
            grid[r, c].imshow(pix)
            grid[r, c].set_title('normal: row {}, col {}'.format(r, c))
            k = k + 1

    k = 0
    for r in (low_rows):
        for c in (low_cols):
            fname = os.listdir(dir_sick)[k]
            pix = cv2.imread(os.path.join(dir_sick, fname))
            grid[r, c].imshow(pix)
            grid[r, c].set_title('pneumonia: row {}, col {}'.format(r, c))
            k = k + 1

    # one smaller, fixed-size example
    side = 128
    pix_small = cv2.resize(pix, (side, side))
    plt.imshow(pix_small)
    plt.show()

    # read the three splits
    print('reading training split')
    rows_train = read_split(dir_train)
    print('reading test split') 
    rows_test = read_split(dir_test)
    print('reading validation split')
    rows_val = read_split(dir_val)

    # pixels apart from labels
    x_train, y_train = unzip_rows(rows_train)
    plt.imshow(x_train[0])
    plt.show()
    x_test, y_test = unzip_rows(rows_test)
    x_val, y_val = unzip_rows(rows_val)

    # label balance
    show_balance(y_train)

    # (disabled) oversample the normal class by repeating its images
    # for k in range(len(y_train)):
    #    if y_train[k] == 0:
    #        x_train.append(x_train[k])
    #        y_train.append(y_train[k])

    # label balance once more
    show_balance(y_train)

    print('splits ready, collecting them in one dict')
    prepared_rgb = {
        'x_train': x_train,
        'y_train': y_train,
        'x_test': x_test,
        'y_test': y_test,
        'x_val': x_val,
        'y_val': y_val
    }

    with open(str(root) + '/prepared_rgb.pickle', 'wb') as fh:
        print('writing the pickle')
        pickle.dump(prepared_rgb, fh)


if __name__ == "__main__":
    main()


