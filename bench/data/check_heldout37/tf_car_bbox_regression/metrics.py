from tensorflow.keras.metrics import Metric
import tensorflow as tf

class BoxIoUMetric(Metric):
    def __init__(self, name='iou', **kwargs):
        super(BoxIoUMetric, self).__init__(name=name, **kwargs)
        self.overlap_sum = self.add_weight('intersection', initializer='zeros')
        self.cover_sum = self.add_weight('union', initializer='zeros')

    def update_state(self, y_true, y_pred, sample_weight=None):
        overlap = tf.reduce_sum(tf.minimum(y_true, y_pred))
        cover = tf.reduce_sum(tf.maximum(y_true, y_pred))
        self.overlap_sum.assign_add(overlap)
        self.cover_sum.assign_add(cover)

    def result(self):
        ratio = self.overlap_sum / (self.cover_sum + tf.keras.backend.epsilon())
        return ratio

def _one_minus_iou(y_true, y_pred):
    overlap = tf.reduce_sum(tf.minimum(y_true, y_pred))
    cover = tf.reduce_sum(tf.maximum(y_true, y_pred))
    ratio = overlap / (cover + tf.keras.backend.epsilon())
    return 1 - ratio

@tf.function
def box_iou_loss(y_true, y_pred):
    y_true = tf.cast(y_true, tf.float32)
    y_pred = tf.cast(y_pred, tf.float32)
    return _one_minus_iou(y_true, y_pred)