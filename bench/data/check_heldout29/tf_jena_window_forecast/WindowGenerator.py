import tensorflow as tf


class SeqWindowMaker:
    def __init__(self, in_steps, out_steps, feat_mean, feat_std):
        self.in_steps = in_steps
        self.out_steps = out_steps
        self.feat_mean = tf.reshape(tf.convert_to_tensor(feat_mean), [1, 1, 2])
        self.feat_std = tf.reshape(tf.convert_to_tensor(feat_std), [1, 1, 2])

    def cut_window(self, feature_block):
        model_inputs = feature_block[:, :-self.out_steps, :] 
        window_labels = feature_block[:, -self.out_steps:, :]
        
        model_inputs.set_shape([None, self.in_steps, 2])
        window_labels.set_shape([None, self.out_steps, 2])

        return model_inputs, window_labels

    def standardize(self, feature_block):
        feature_block = (feature_block - self.feat_mean) / (self.feat_std + 1.e-6)

        return feature_block

    def prepare_pairs(self, feature_block):
        model_inputs, window_labels = self.cut_window(feature_block)
        model_inputs = self.standardize(model_inputs)

        return model_inputs, window_labels

    def build_dataset(self, series_data, is_train):
        window_ds = tf.keras.preprocessing.timeseries_dataset_from_array(
                data=series_data,
                targets=None,
                sequence_length=self.in_steps+self.out_steps,
                sequence_stride=1,
                batch_size=32)
        window_ds = window_ds.map(self.prepare_pairs)
        window_ds = window_ds.cache()
        if is_train is True:
            window_ds = window_ds.shuffle(100, reshuffle_each_iteration=True)

        return window_ds



