import numpy as np
import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
import mlflow.tensorflow
import os, random, logging, datetime, mlflow

# folder for run logs
log_root = "logs"
os.makedirs(log_root, exist_ok=True)

# one log file per start, stamped with the time
log_path = os.path.join(
    log_root, f"train_{datetime.datetime.now().strftime('%Y-%m-%d_%H-%M-%S')}.log"
)

# log to the file and to the terminal
logging.basicConfig(
    level=logging.INFO,
    format="%(asctime)s - %(levelname)s - %(message)s",
    handlers=[
        logging.FileHandler(log_path),
        logging.StreamHandler()
    ]
)
log = logging.getLogger(__name__)

# tracking experiment
mlflow.set_experiment("handwriting_recognition")

# settings
batch_size = 16
img_width = 128
img_height = 32
max_length = 21
downsample_factor = 4
char_to_num = layers.StringLookup(vocabulary=list("abcdefghijklmnopqrstuvwxyz0123456789"), mask_token=None)
num_to_char = layers.StringLookup(vocabulary=char_to_num.get_vocabulary(), mask_token=None, invert=True)


def three_way_split(paths, texts, train_size=0.8, val_size=0.1, test_size=0.1):
    """Shuffle and cut into train / val / test."""
    assert train_size + val_size + test_size == 1.0, "fractions must add up to 1"
    
    n = len(paths)
    order = list(range(n))
    random.shuffle(order)
    
    cut_a = int(train_size * n)
    cut_b = int((train_size + val_size) * n)
    
    tr_idx = order[:cut_a]
    va_idx = order[cut_a:cut_b]
    te_idx = order[cut_b:]
    
    tr_paths = [paths[i] for i in tr_idx]
    tr_texts = [texts[i] for i in tr_idx]
    
    va_paths = [paths[i] for i in va_idx]
    va_texts = [texts[i] for i in va_idx]
    
    te_paths = [paths[i] for i in te_idx]
    te_texts = [texts[i] for i in te_idx]
    
    return (tr_paths, tr_texts), (va_paths, va_texts), (te_paths, te_texts)


def pad_resize(img, size):
    """Resize keeping the aspect ratio, then pad."""
    w, h = size
    img = tf.image.resize(img, size=(h, w), preserve_aspect_ratio=True)
    
    # how much padding is missing
    dh = h - tf.shape(img)[0]
    dw = w - tf.shape(img)[1]
    
    # split the padding over both sides
    if dh % 2 != 0:
        half = dh // 2
        top = half + 1
        bottom = half
    else:
        top = bottom = dh // 2
    
    if dw % 2 != 0:
        half = dw // 2
        left = half + 1
        right = half
    else:
        left = right = dw // 2
    
    img = tf.pad(
        img,
        paddings=[
            [top, bottom],
            [left, right],
            [0, 0],
        ],
    )
    
    img = tf.transpose(img, perm=[1, 0, 2])
    img = tf.image.flip_left_right(img)
    return img

def load_word_image(path, size=(img_width, img_height)):
    """Read, decode, resize and scale one word image; empty files give a blank."""
    # raw bytes
    raw = tf.io.read_file(path)
    
    # byte count
    n_bytes = tf.strings.length(raw)
    
    # empty file -> zeros, else decode
    # both branches give uint8
    img = tf.cond(
        tf.equal(n_bytes, 0),
        # empty: blank picture
        lambda: tf.zeros((size[1], size[0], 1), dtype=tf.uint8),
        # otherwise decode the PNG
        lambda: tf.image.decode_png(raw, channels=1)
    )
    
    # resize with padding
    img = pad_resize(img, size)
    
    # float32 in [0, 1]
    img = tf.cast(img, tf.float32) / 255.0
    return img

def encode_text(text):
    """Text to a fixed-length id vector; empty text gives zeros."""
    # lower case, split into characters
    text = tf.strings.lower(text)
    chars = tf.strings.unicode_split(text, 'UTF-8')
    
    # characters to ids
    ids = char_to_num(chars)
    
    # anything there?
    has_ids = tf.greater(tf.size(ids), 0)
    
    # pad, or zeros if empty
    ids = tf.cond(
        has_ids,
        lambda: tf.pad(ids, [[0, max_length - tf.shape(ids)[0]]], constant_values=0),
        lambda: tf.fill([max_length], tf.constant(0, dtype=tf.int64))  # keep int64
    )
    
    return ids[:max_length]  # cut to the fixed length

def to_example(path, text):
    """One example dict."""
    img = load_word_image(path)
    text = encode_text(text)
    return {"image": img, "label": text}


def make_dataset(paths, texts):
    """tf.data pipeline over paths and texts."""
    ds = tf.data.Dataset.from_tensor_slices((paths, texts))
    ds = ds.map(
        to_example, num_parallel_calls=tf.data.AUTOTUNE
    )
    return ds.batch(batch_size).cache().prefetch(tf.data.AUTOTUNE)


class CTCLossLayer(layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.loss_fn = keras.backend.ctc_batch_cost

    def call(self, y_true, y_pred):
        # rows in the batch
        n = tf.cast(tf.shape(y_true)[0], dtype="int64")
        # time steps of the prediction
        t_len = tf.cast(tf.shape(y_pred)[1], dtype="int64")
        # real label length: non-zero ids per row
        y_len = tf.reduce_sum(tf.cast(tf.not_equal(y_true, 0), dtype="int64"), axis=1, keepdims=True)
        
        # per-row input length
        t_len = t_len * tf.ones(shape=(n, 1), dtype="int64")
        
        loss = self.loss_fn(y_true, y_pred, t_len, y_len)
        self.add_loss(loss)
        return y_pred

def make_net():
    """CRNN with a CTC loss layer."""
    # input
    img_in = layers.Input(shape=(img_width, img_height, 1), name="image")
    
    # conv block 1
    x = layers.Conv2D(32, (3, 3), activation="relu", padding="same", name="Conv1")(img_in)
    x = layers.MaxPooling2D((2, 2), name="pool1")(x)
    
    # conv block 2
    x = layers.Conv2D(64, (3, 3), activation="relu", padding="same", name="Conv2")(x)
    x = layers.MaxPooling2D((2, 2), name="pool2")(x)
    
    # recurrent part
    x = layers.Reshape(target_shape=((img_width // 4), (img_height // 4 * 64)), name="reshape")(x)
    x = layers.Dense(64, activation="relu", name="dense1")(x)
    x = layers.Bidirectional(layers.LSTM(128, return_sequences=True, dropout=0.25), name="lstm1")(x)
    x = layers.Bidirectional(layers.LSTM(64, return_sequences=True, dropout=0.25), name="lstm2")(x)
    
    # per-step class scores
    x = layers.Dense(
        len(char_to_num.get_vocabulary()) + 1, activation="softmax", name="dense2"
    )(x)
    
    # inference graph
    infer_net = keras.Model(inputs=img_in, outputs=x, name="handwriting_recognition")
    
    # CTC for training
    y_in = layers.Input(name="label", shape=(None,), dtype="int64")
    out = CTCLossLayer(name="ctc_loss")(y_in, x)
    
    # training graph
    fit_net = keras.Model(
        inputs=[img_in, y_in], outputs=out, name="handwriting_recognition_training"
    )
    
    # optimizer
    opt = keras.optimizers.Adam()
    
    # compile
    fit_net.compile(optimizer=opt)
    
    return fit_net


def greedy_texts(pred):
    """Greedy CTC decoding to strings."""
    lens = np.ones(pred.shape[0]) * pred.shape[1]
    # greedy; beam search would be better for hard data
    decoded = keras.backend.ctc_decode(pred, input_length=lens, greedy=True)[0][0]
    # ids back to text
    texts = []
    for row in decoded:
        row = tf.gather(row, tf.where(tf.not_equal(row, -1)))
        row = tf.squeeze(row)
        row = num_to_char(row)
        row = tf.strings.reduce_join(row).numpy().decode("utf-8")
        texts.append(row)
    return texts


class EditDistanceLogger(keras.callbacks.Callback):
    """Mean edit distance on the validation set after each epoch."""
    
    def __init__(self, infer_net, val_ds):
        super().__init__()
        self.infer_net = infer_net
        self.val_ds = val_ds
        self.history = []
        
    def on_epoch_end(self, epoch, logs=None):
        dists = []
        for batch in self.val_ds:
            imgs = batch["image"]
            ys = batch["label"]
            
            # the inference graph takes only the image
            preds = self.infer_net.predict(imgs)
            
            guesses = greedy_texts(preds)
            for i in range(len(guesses)):
                # ground truth of row i
                # drop padding zeros and map back to characters
                y_row = ys[i]
                # keep non-zero ids
                y_ids = tf.boolean_mask(y_row, tf.not_equal(y_row, 0))
                # ids to characters
                y_chars = num_to_char(y_ids)
                # join into one string
                y_text = tf.strings.reduce_join(y_chars).numpy().decode("utf-8")
                
                # guess as SparseTensor
                g_dense = tf.convert_to_tensor([list(guesses[i])], dtype=tf.string)
                g_sparse = tf.sparse.from_dense(g_dense)
                
                # truth as SparseTensor
                y_dense = tf.convert_to_tensor([list(y_text)], dtype=tf.string)
                y_sparse = tf.sparse.from_dense(y_dense)
                
                # edit distance between them
                d = tf.edit_distance(g_sparse, y_sparse).numpy()[0]
                dists.append(d)

        
        mean_d = np.mean(dists)
        self.history.append(mean_d)
        if logs is not None:
            logs["val_edit_distance"] = mean_d
        mlflow.log_metric("val_edit_distance", mean_d, step=epoch)
        log.info(f"Mean edit distance: {mean_d}")


def locate_words_txt(root):
    """Look for words.txt under the data folder."""
    # usual places first
    guesses = [
        os.path.join(root, "IAM_Words", "words", "words.txt"),
        os.path.join(root, "IAM_Words_extracted", "IAM_Words", "words", "words.txt"),
        os.path.join(root, "IAM_Words_extracted", "IAM_Words", "words.txt")
    ]
    
    for p in guesses:
        if os.path.exists(p):
            log.info(f"words.txt: {p}")
            return p
    
    # otherwise walk the tree
    log.info("Walking the tree for words.txt...")
    for d, subdirs, names in os.walk(root):
        if "words.txt" in names:
            p = os.path.join(d, "words.txt")
            log.info(f"words.txt: {p}")
            return p
    
    raise FileNotFoundError("words.txt not found under the data folder")


def locate_word_images(root, words_txt):
    """Find the folder holding the word PNGs."""
    # next to words.txt or below it
    d0 = os.path.dirname(words_txt)
    
    # PNGs right here?
    if any(n.endswith('.png') for n in os.listdir(d0)):
        return d0
    
    # else the first sub-folder with PNGs
    for d, subdirs, names in os.walk(os.path.dirname(words_txt)):
        if any(n.endswith('.png') for n in names):
            return d
    
    raise FileNotFoundError("no folder with word images found")


def run(train_size=0.8, val_size=0.1, test_size=0.1):
    """One tracked training run."""
    try:
        # tracked run
        with mlflow.start_run() as active:
            run_id = active.info.run_id
            log.info(f"MLflow run id: {run_id}")
            
            # parameters
            mlflow.log_param("batch_size", batch_size)
            mlflow.log_param("img_width", img_width)
            mlflow.log_param("img_height", img_height)
            mlflow.log_param("max_length", max_length)
            mlflow.log_param("train_size", train_size)
            mlflow.log_param("val_size", val_size)
            mlflow.log_param("test_size", test_size)
            
            # fetch the IAM words archive
            log.info("Fetching IAM words...")
            archive = tf.keras.utils.get_file(
                "IAM_Words.zip",
                origin="https://git.io/J0fjL",
                extract=True,
                cache_dir=".",
                cache_subdir="data",
            )

            # where it was unpacked
            data_root = "data"
            unpacked = os.path.join(data_root, "IAM_Words_extracted", "IAM_Words")
            
            # the transcription list
            words_txt = os.path.join(unpacked, "words.txt")
            
            if not os.path.exists(words_txt):
                raise FileNotFoundError(f"missing {words_txt}")
            
            log.info(f"words.txt: {words_txt}")
            
            # the image folder
            img_root = os.path.join(unpacked, "words")
            
            if not os.path.exists(img_root):
                raise FileNotFoundError(f"missing image folder {img_root}")
            
            log.info(f"image folder: {img_root}")
            
            # collect paths and texts
            paths = []
            texts = []
            
            rows = open(words_txt, "r").readlines()
            for row in rows:
                if row.startswith("#"):
                    continue
                    
                fields = row.strip().split(" ")
                if len(fields) >= 9:
                    word_id = fields[0]
                    word = fields[8].lower()
                    
                    # keep only words inside the alphabet
                    if (len(word) > 0 and 
                        all(ch in "abcdefghijklmnopqrstuvwxyz0123456789" for ch in word)):
                        # IAM layout:
                        # a01-000u-00-00 -> words/a01/a01-000u/a01-000u-00-00.png
                        pieces = word_id.split("-")
                        if len(pieces) >= 2:
                            writer = pieces[0]
                            form = f"{writer}-{pieces[1]}"
                            p = os.path.join(img_root, writer, form, f"{word_id}.png")
                            
                            if os.path.exists(p):
                                paths.append(p)
                                texts.append(word)
                            else:
                                log.debug(f"missing image: {p}")
            
            log.info(f"{len(paths)} usable word images")
            
            if len(paths) == 0:
                raise ValueError("no usable images; check the folder layout")
            
            # split
            (tr_paths, tr_texts), (va_paths, va_texts), (te_paths, te_texts) = \
                three_way_split(paths, texts, train_size, val_size, test_size)
            
            log.info(f"train: {len(tr_paths)}")
            log.info(f"val: {len(va_paths)}")
            log.info(f"test: {len(te_paths)}")
            
            mlflow.log_param("train_samples", len(tr_paths))
            mlflow.log_param("val_samples", len(va_paths))
            mlflow.log_param("test_samples", len(te_paths))
            
            # pipelines
            tr_ds = make_dataset(tr_paths, tr_texts)
            va_ds = make_dataset(va_paths, va_texts)
            te_ds = make_dataset(te_paths, te_texts)
            
            # network
            log.info("Building the network...")
            net = make_net()
            net.summary()
            
            infer_net = keras.models.Model(
                inputs=net.get_layer(name="image").input, 
                outputs=net.get_layer(name="dense2").output,
                name="handwriting_recognition_prediction"
            )
                
            # edit-distance logging with the inference graph
            ed_cb = EditDistanceLogger(infer_net, va_ds)

            
            # other callbacks
            stopper = keras.callbacks.EarlyStopping(
                monitor="val_loss", patience=10, restore_best_weights=True
            )
            
            # train
            log.info("Training...")
            epochs = 2
            mlflow.log_param("epochs", epochs)
            
            hist = net.fit(
                tr_ds,
                validation_data=va_ds,
                epochs=epochs,
                callbacks=[stopper, ed_cb]
            )
            
            # evaluation graph
            log.info("Evaluating...")
            infer_net = keras.models.Model(
                net.get_layer(name="image").input, net.get_layer(name="dense2").output
            )
            
            # per-epoch metrics
            for ep, (l, vl) in enumerate(zip(hist.history["loss"], hist.history["val_loss"])):
                mlflow.log_metric("loss", l, step=ep)
                mlflow.log_metric("val_loss", vl, step=ep)
            
            # plots
            log.info("Plotting...")
            
            # loss
            plt.figure(figsize=(10, 5))
            plt.plot(hist.history["loss"], label="Training Loss")
            plt.plot(hist.history["val_loss"], label="Validation Loss")
            plt.xlabel("Epochs")
            plt.ylabel("Loss")
            plt.title("Loss per epoch")
            plt.legend()
            loss_png = "plots\\loss_plot.png"
            plt.savefig(loss_png)
            mlflow.log_artifact(loss_png)
            
            # edit distance
            plt.figure(figsize=(10, 5))
            plt.plot(ed_cb.history, label="Average Edit Distance")
            plt.xlabel("Epochs")
            plt.ylabel("Edit Distance")
            plt.title("Edit distance per epoch")
            plt.legend()
            ed_png = "plots\\edit_distance_plot.png"
            plt.savefig(ed_png)
            mlflow.log_artifact(ed_png)
            
            # model folder
            os.makedirs("models", exist_ok=True)
            
            # save and log the network
            log.info("Saving...")
            out_dir = "models/handwriting_model"
            infer_net.save(out_dir)
            mlflow.tensorflow.log_model(infer_net, "handwriting_model")
            
            # register it
            reg_name = "handwriting_recognition_model"
            reg = mlflow.register_model(f"runs:/{run_id}/handwriting_model", reg_name)
            
            log.info(f"registered {reg_name} version {reg.version}")
            
            # copy a few test images for the demo
            demo_dir = "test_examples"
            os.makedirs(demo_dir, exist_ok=True)
            
            for i, p in enumerate(te_paths[:5]):
                import shutil
                dst = os.path.join(demo_dir, f"test_example_{i}.png")
                shutil.copy(p, dst)
                mlflow.log_artifact(dst)
                
            log.info("Run finished.")
            
    except Exception as e:
        log.error(f"Training failed: {str(e)}")
        raise


if __name__ == "__main__":
    # three runs with different splits
    # run 1
    log.info("Run 1: default split")
    run(train_size=0.8, val_size=0.1, test_size=0.1)
    
    # run 2
    log.info("Run 2: 70/15/15")
    run(train_size=0.7, val_size=0.15, test_size=0.15)
    
    # run 3
    log.info("Run 3: 75/15/10")
    run(train_size=0.75, val_size=0.15, test_size=0.1)
