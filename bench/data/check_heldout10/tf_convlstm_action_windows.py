import sys
from typing import List, Tuple

from tensorflow.keras.models import Sequential, load_model
from tensorflow.keras.layers import ConvLSTM2D, Dense, Flatten, Dropout, BatchNormalization
from tensorflow.keras.optimizers import Adam, SGD
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint
from sklearn.model_selection import train_test_split
import cv2, os, math, numpy as np
import typer

# ---- config.py ----
class Settings:
    train_fraction = 0.8
    sample_fps = 5
    stride = 4
    clip_len = 6
    side = 64
    videos_dir = '../data/dataset'
    arrays_dir = f'../data/train_test_{side}x{side}'
    model_dir = f'../data/model_{side}x{side}/'

cli = typer.Typer()

def split_videos() -> Tuple[list, list, list, list]:
    if not os.path.exists(Settings.videos_dir):
        print('no video folder found at', os.path.abspath(Settings.videos_dir))
        sys.exit(0)

    class_names = os.listdir(Settings.videos_dir)
    video_paths_by_part = {'train': [], 'test': []}
    labels_by_part = {'train': [], 'test': []}

    for ci, cname in enumerate(class_names):
        class_dir = os.path.join(Settings.videos_dir, cname)
        class_files = os.listdir(class_dir)
        by_source = {}
        for video_file in class_files:
            full_path = os.path.abspath(os.path.join(class_dir, video_file))
            name_parts = full_path.split('_')
            source_key = '_'.join(name_parts[:len(name_parts) - 6])

            if not by_source.get(source_key):
                by_source[source_key] = [full_path]
            else:
                by_source[source_key].append(full_path)

        source_sizes = [(s, len(by_source[s])) for s in by_source.keys()]
        sizes_sorted = sorted(source_sizes, key=lambda t: t[1])

        test_count = 0
        for source, _ in sizes_sorted:
            member_paths = [p for p in by_source[source]]

            label_y = [0] * len(class_names)
            label_y[ci] = 1

            if test_count < int((1 - Settings.train_fraction) * len(class_files)):
                [video_paths_by_part['test'].append(p) for p in member_paths]
                [labels_by_part['test'].append(v) for v in [label_y] * len(member_paths)]
                test_count += len(member_paths)
            else:
                [video_paths_by_part['train'].append(p) for p in member_paths]
                [labels_by_part['train'].append(v) for v in [label_y] * len(member_paths)]

    return video_paths_by_part['train'], video_paths_by_part['test'], labels_by_part['train'], labels_by_part['test']

def video_windows(video_file: str, hop: int):
    cap = cv2.VideoCapture(video_file)

    # frame rate and frame count of the clip
    rate = int(cap.get(cv2.CAP_PROP_FPS))
    n_frames = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))

    if n_frames == 0:
        cap.release()
        yield np.asarray([])

    # keep every k-th frame to reach the target rate
    keep_every = int(rate / Settings.sample_fps)
    k = 0

    small_frames = []
    while True:
        ok, frame = cap.read()
        if ok:
            if k % keep_every == 0:
                small_frames.append(cv2.resize(frame, (Settings.side, Settings.side), interpolation=cv2.INTER_AREA))
            k += 1
        else:
            cap.release()
            break

    n_hops = math.ceil((len(small_frames) - Settings.clip_len)/hop)
    needed = Settings.clip_len + n_hops * hop

    # pad at the front with copies of the first frame
    for _ in range(needed - len(small_frames)):
        small_frames.insert(0, np.copy(small_frames[0]))

    # emit the windows one after another
    w = 0
    while True:
        if w * hop + Settings.clip_len > len(small_frames):
            break
        yield np.asarray(small_frames[w * hop : w * hop + Settings.clip_len])
        w += 1

def build_window_data(video_paths: List[str], labels_y: list) -> Tuple[np.ndarray, np.ndarray]:
    windows_x, onehot_y = [], []
    
    for vi, video_file in enumerate(video_paths):
        for clip in video_windows(video_file, Settings.stride):
            if clip.size == 0:
                break
            assert clip.shape == (Settings.clip_len, Settings.side, Settings.side, 3)
            windows_x.append(clip)
            onehot_y.append(np.asarray(labels_y[vi], dtype=np.uint8))

    windows_x = np.asarray(windows_x)
    onehot_y = np.asarray(onehot_y)

    return windows_x, onehot_y

def write_arrays(train_x: np.ndarray, train_y: np.ndarray, test_video_paths: List[str], test_y: np.ndarray) -> None:
    print('writing arrays...')
    if not os.path.exists(Settings.arrays_dir):
        os.makedirs(Settings.arrays_dir)
    
    np.save(os.path.join(Settings.arrays_dir, 'x_train.npy'), train_x)
    np.save(os.path.join(Settings.arrays_dir, 'y_train.npy'), train_y)
    np.save(os.path.join(Settings.arrays_dir, 'y_test.npy'), test_y)
    np.save(os.path.join(Settings.arrays_dir, 'classes.npy'), np.asarray(os.listdir(Settings.videos_dir)))

    with open(os.path.join(Settings.arrays_dir, 'x_test.txt'), "w") as fh:
        [fh.write(p + '\n') for p in test_video_paths]

    print('arrays written.')

def read_arrays(names: List[str]) -> list:
    if not os.path.exists(Settings.arrays_dir):
        print('no prepared arrays yet; run \'python main.py prepare\' before this step.')
        sys.exit(0)

    loaded = {}

    for _, _, dir_files in os.walk(Settings.arrays_dir):
        for fname in dir_files:
            if fname.endswith(".npy") and fname.split('.')[0] in names:
                loaded[fname.split('.')[0]] = np.load(os.path.join(Settings.arrays_dir, fname), allow_pickle=True)

    return [loaded[n] for n in names]

def build_model(n_classes: int) -> Sequential:
    net_model = Sequential()
    net_model.add(ConvLSTM2D(filters=64, kernel_size=(3, 3), padding='same', return_sequences=False, data_format="channels_last",
                         input_shape=(Settings.clip_len, Settings.side, Settings.side, 3), activation='relu'))
    net_model.add(BatchNormalization())
    # variants worth trying: more ConvLSTM2D layers, other normalisation
    net_model.add(Dropout(0.2))
    net_model.add(Flatten())
    net_model.add(Dense(256, activation="relu"))
    net_model.add(Dropout(0.3))
    net_model.add(Dense(n_classes, activation="softmax"))

    net_model.summary()

    return net_model

def fit_model(train_x: np.ndarray, train_y: np.ndarray) -> Sequential:
    print(train_x.shape)
    net_model = build_model(n_classes=len(train_y[0]))
    optimizer = Adam(learning_rate=7e-7, decay=1e-8)
    net_model.compile(loss='categorical_crossentropy', optimizer=optimizer, metrics=["accuracy"])

    if not os.path.exists(Settings.model_dir):
        os.makedirs(Settings.model_dir)

    ckpt_dir = os.path.join(Settings.model_dir, 'cp')

    if not os.path.exists(ckpt_dir):
        os.makedirs(ckpt_dir)

    ckpt_cb = ModelCheckpoint(filepath=ckpt_dir, save_weights_only=False, verbose=1, save_best_only=True)

    stop_cb = EarlyStopping(patience=7)
    cb_list = [ckpt_cb, stop_cb]

    fit_part_x, val_part_x, fit_part_y, val_part_y = train_test_split(train_x, train_y, train_size=0.9, random_state=42)
    fit_log = net_model.fit(x=fit_part_x, y=fit_part_y, epochs=40, batch_size=32, shuffle=True, callbacks=cb_list, validation_data=(val_part_x, val_part_y))

    net_model.save(Settings.model_dir + 'model.h5')

    return net_model

def score_model(video_paths: List[str], labels_y: np.ndarray) -> Tuple[float, float]:
    test_x, test_y = [], []
    net_model = load_model(Settings.model_dir + 'model.h5')
    
    for vi, video_file in enumerate(video_paths):
        for clip in video_windows(video_file, Settings.clip_len):
            if clip.size == 0:
                continue

            assert clip.shape == (Settings.clip_len, Settings.side, Settings.side, 3)
            test_x.append(clip)
            test_y.append(labels_y[vi])

    test_x = np.asarray(test_x)
    test_y = np.asarray(test_y)

    test_loss, test_acc = net_model.evaluate(test_x, test_y)

    print(f'test loss {test_loss}, test accuracy {test_acc}')

    return test_loss, test_acc

@cli.command('prepare')
def prepare_cmd() -> None:
    train_video_paths, test_video_paths, train_y, test_y = split_videos()

    train_x, train_y = build_window_data(train_video_paths, train_y)
    write_arrays(train_x, train_y, test_video_paths, test_y)

@cli.command('train')
def train_cmd() -> None:
    train_x, train_y = read_arrays(['x_train', 'y_train'])
    
    fit_model(train_x, train_y)

@cli.command('evaluate')
def evaluate_cmd() -> None:
    test_y = read_arrays(['y_test'])[0]

    if not os.path.exists(os.path.join(Settings.arrays_dir, 'x_test.txt')):
        print(f'the list of test videos is missing: {os.path.abspath(os.path.join(Settings.arrays_dir, "x_test.txt"))}')
        sys.exit(0)

    with open(os.path.join(Settings.arrays_dir, 'x_test.txt'), "r") as fh:
        rows = fh.readlines()

    n_videos = len(rows)

    score_model(map(lambda p: p.strip(), rows[:n_videos]), test_y[:n_videos])

if __name__ == '__main__':
    cli()
