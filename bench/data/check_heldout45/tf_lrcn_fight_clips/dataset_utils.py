from utils import *
from sklearn.model_selection import train_test_split
import random
from tensorflow.keras.utils import to_categorical


def mainscript_dataset():
    """
    Returns
    -------
    tuple
        train clips, test clips, train labels, test labels, class names
    """
    if TRAIN_DATASET == eDatasets.UCF:
        x_tr, x_te, y_tr, y_te, names = create_UCF50()
    elif TRAIN_DATASET == eDatasets.HockeyFights:
        x_tr, x_te, y_tr, y_te, names = create_HockeyFights()
    elif TRAIN_DATASET == eDatasets.RealLifeViolence:
        x_tr, x_te, y_tr, y_te, names = create_RealLifeViolence()
    elif TRAIN_DATASET == eDatasets.ViolentFlow:
        x_tr, x_te, y_tr, y_te, names = create_ViolentFlow()
    elif TRAIN_DATASET == eDatasets.Custom:
        x_tr, x_te, y_tr, y_te, names = create_CustomFights()
    else:
        x_tr, x_te, y_tr, y_te, names = create_UCF50()

    print(names)
    print("train clips: " + str(x_tr.shape))
    print("test clips: " + str(x_te.shape))

    return x_tr, x_te, y_tr, y_te, names


def create_CustomFights():
    """
    Returns
    -------
    arrays
        train clips, test clips, train labels, test labels, class names
    """
    root = '/data/activity/CustomFights/'
    x_tr, y_tr, names = create_dataset(root=root + 'train', augment=False)
    x_te, y_te, _ = create_dataset(root=root + 'test', augment=False)

    return x_tr, x_te, y_tr, y_te, names


def create_HockeyFights():
    """
    Returns
    -------
    arrays
        train clips, test clips, train labels, test labels, class names
    """

    # Hockey Fights folder with the sub-folders fights and nofights
    root = '/data/activity/HockeyFights'

    x, y, names = create_dataset(root=root, augment=False)
    x_tr, x_te, y_tr, y_te = train_test_split(x, y, test_size=0.1,
                                                                          shuffle=True, random_state=seed_constant)
    return x_tr, x_te, y_tr, y_te, names


def create_UCF50(n_pick: int = 10, train_frac: int = 0.9):
    """
    A UCF50 subset of n_pick random action classes, split into train and test
    by video group so that no group lands in both.

    Returns
    -------
    arrays
        train clips, test clips, train labels, test labels, class names
    """
    root = '/data/activity/UCF50'

    y_tr = []
    y_te = []
    x_tr = []
    x_te = []

    names = []
    cls = 0
    picked = [random.randint(1, 50) for _ in range(0, n_pick)]

    n_dir = 0
    # class folders
    for sub in sorted(listdir(root)):
        sub_path = join(root, sub)

        if isdir(sub_path) and n_dir in picked:

            groups = []
            g_now = 0
            current = []
            # videos of the class
            for i, fn in enumerate(listdir(sub_path)):
                g = int(fn.split('_')[2][1:]) - 1

                if g == g_now:
                    current.append(fn)
                else:
                    groups.append(current.copy())
                    g_now += 1
                    current.clear()
                    current.append(fn)
            groups.append(current.copy())

            n_train_groups = int(len(groups) * train_frac)
            for gi, members in tqdm(enumerate(groups), desc="Reading clips of " + sub):
                for fn in members:
                    vpath = join(sub_path, fn)
                    clip = extract_frames_single_clip(vpath, BATCH_INPUT_LENGTH)

                    if gi < n_train_groups:
                        # training group
                        x_tr.append(clip)
                        y_tr.append(cls)
                    else:
                        # test group
                        x_te.append(clip)
                        y_te.append(cls)

            cls += 1
            names.append(sub)
        n_dir += 1

    x_tr, y_tr = suffle_two_lists(x_tr, y_tr)
    x_tr = np.asarray(x_tr)
    y_tr = to_categorical(np.asarray(y_tr))

    x_te, y_te = suffle_two_lists(x_te, y_te)
    x_te = np.asarray(x_te)
    y_te = to_categorical(np.asarray(y_te))

    return x_tr, x_te, y_tr, y_te, names


def create_RealLifeViolence():
    root = '/data/activity/Real Life Violence Dataset/'
    x_tr, y_tr, names = create_dataset(root=root+'train', augment=False)
    x_te, y_te, _ = create_dataset(root=root+'test', augment=False)

    return x_tr, x_te, y_tr, y_te, names


def create_ViolentFlow():
    root = '/data/activity/ViolentFlow_custom/'
    x_tr, y_tr, names = create_dataset(root=root + 'train', augment=False)
    x_te, y_te, _ = create_dataset(root=root + 'test', augment=False)

    return x_tr, x_te, y_tr, y_te, names


def createFightDetectionSurv():
    pass
