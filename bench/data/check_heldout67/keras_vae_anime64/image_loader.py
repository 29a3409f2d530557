import pathlib
import tensorflow as tf

SIDE_H = 64
SIDE_W = 64

class FolderReader():
    def __init__(self, folder):
        self.folder = pathlib.Path(folder)
        self.paths = tf.data.Dataset.list_files(str(self.folder/'*'))

    def load(self):
        pictures = self.paths.map(self.read_one)
        return pictures

    def read_one(self, path):
        raw = tf.io.read_file(path)
        raw = self.to_pixels(raw)
        return raw

    def to_pixels(self, raw):
        raw = tf.image.decode_jpeg(raw, channels=3)  # three colour channels
        raw = tf.image.convert_image_dtype(raw, tf.float32)
        return tf.image.resize(raw, [SIDE_W, SIDE_H])
