import tensorflow as tf


def data_input_fn(filenames, batch_size, parse_fn, shuffle_buffer, num_features, sos_id, eos_id, num_epochs=1):
    ds = tf.data.TFRecordDataset(filenames)
    ds = ds.map(parse_fn)

    ds = ds.map(
        lambda feature, target, feat_len, target_len: (feature,
                                                       tf.concat(([sos_id], target), 0),
                                                       tf.concat((target, [eos_id]), 0),
                                                       feat_len,
                                                       target_len)
    )

    ds = ds.map(
        lambda feature, target_in, target_out, feat_len, target_len: (feature,
                                                                      target_in,
                                                                      target_out,
                                                                      feat_len,
                                                                      tf.size(target_in, out_type=tf.int64)))

    # ds = ds.map(
    #     lambda feature, target_in, target_out, feat_len, target_len: (feature,
    #                                                                   tf.cast(target_in, tf.int32),
    #                                                                   tf.cast(target_out, tf.int32),
    #                                                                   tf.cast(feat_len, dtype=tf.int32),
    #                                                                   tf.cast(target_len, dtype=tf.int32)
    #                                                                   )
    # )

    ds = ds.padded_batch(
        batch_size=batch_size,
        padded_shapes=((None, num_features), [None], [None], (), ()),
        padding_values=(tf.constant(value=0, dtype=tf.float32),
                        tf.constant(value=eos_id, dtype=tf.int64),
                        tf.constant(value=eos_id, dtype=tf.int64),
                        tf.constant(value=0, dtype=tf.int64),
                        tf.constant(value=0, dtype=tf.int64),
                        )
    )
    ds = ds.shuffle(shuffle_buffer).repeat(num_epochs)

    # (could also hand back ds itself)
    it = ds.make_one_shot_iterator()
    batch = it.get_next()

    feature, target_in, target_out, feat_len, target_len = batch

    feat_len = tf.cast(feat_len, dtype=tf.int32)
    target_in = tf.cast(target_in, tf.int32)
    target_out = tf.cast(target_out, tf.int32)
    target_len = tf.cast(target_len, tf.int32)

    return {'feature': feature, 'feat_len': feat_len}, \
           {'targets_outputs': target_out, 'targets_inputs': target_in, 'target_len': target_len}
