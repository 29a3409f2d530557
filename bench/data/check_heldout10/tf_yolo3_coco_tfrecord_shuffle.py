import os
import time
import config
import numpy as np
import tensorflow as tf
from model.yolo3_model import yolo
from utils import draw_box, load_weights

# pick the GPU from the config module
os.environ["CUDA_VISIBLE_DEVICES"] = config.gpu_index


# == taken from dataReader.py ==
class CocoRecordReader:
    def __init__(self, split_mode, records_dir, anchor_file_path, n_classes, n_record_files = 12, in_size = 416, box_cap = 20):
        self.records_dir = records_dir
        self.in_size = in_size
        self.box_cap = box_cap
        self.split_mode = split_mode
        self.anchor_file_path = anchor_file_path
        self.anchor_vals = self._read_anchor_table()
        self.n_classes = n_classes
        glob_pattern = self.records_dir + "/*" + self.split_mode + '.tfrecords'
        self.record_files = tf.gfile.Glob(glob_pattern)

    def _read_anchor_table(self):
        anchor_file_path = os.path.expanduser(self.anchor_file_path)
        with open(anchor_file_path) as fh:
            anchor_vals = fh.readline()
        anchor_vals = [float(v) for v in anchor_vals.split(',')]
        return np.array(anchor_vals).reshape(-1, 2)

    def encode_y_true_grids(self, gt_boxes):
        n_scales = len(self.anchor_vals) // 3
        scale_anchor_mask = [[6, 7, 8], [3, 4, 5], [0, 1, 2]]
        gt_boxes = np.array(gt_boxes, dtype='float32')
        in_size = np.array([self.in_size, self.in_size], dtype='int32')
        centre_xy = (gt_boxes[..., 0:2] + gt_boxes[..., 2:4]) // 2.
        size_wh = gt_boxes[..., 2:4] - gt_boxes[..., 0:2]
        gt_boxes[..., 0:2] = centre_xy / in_size[::-1]
        gt_boxes[..., 2:4] = size_wh / in_size[::-1]

        grid_hw = [in_size // 32, in_size // 16, in_size // 8]
        y_true_grids = [np.zeros((grid_hw[lvl][0], grid_hw[lvl][1], len(scale_anchor_mask[lvl]), 5 + self.n_classes), dtype='float32') for lvl in range(n_scales)]
        anchor_vals = np.expand_dims(self.anchor_vals, 0)
        anc_hi = anchor_vals / 2.
        anc_lo = -anc_hi
        nonempty_mask = size_wh[..., 0] > 0
        box_wh = size_wh[nonempty_mask]
        box_wh = np.expand_dims(box_wh, -2)
        box_hi = box_wh / 2.
        box_lo = -box_hi

        inter_lo = np.maximum(box_lo, anc_lo)
        inter_hi = np.minimum(box_hi, anc_hi)
        inter_wh = np.maximum(inter_hi - inter_lo, 0.)
        inter_area = inter_wh[..., 0] * inter_wh[..., 1]
        own_area = box_wh[..., 0] * box_wh[..., 1]
        anc_area = anchor_vals[..., 0] * anchor_vals[..., 1]
        overlap = inter_area / (own_area + anc_area - inter_area)

        top_anchor = np.argmax(overlap, axis = -1)
        for box_i, anc_id in enumerate(top_anchor):
            for lvl in range(n_scales):
                if anc_id in scale_anchor_mask[lvl]:
                    gx = np.floor(gt_boxes[box_i, 0] * grid_hw[lvl][1]).astype('int32')
                    gy = np.floor(gt_boxes[box_i, 1] * grid_hw[lvl][0]).astype('int32')
                    slot = scale_anchor_mask[lvl].index(anc_id)
                    cls_id = gt_boxes[box_i, 4].astype('int32')
                    y_true_grids[lvl][gy, gx, slot, 0:4] = gt_boxes[box_i, 0:4]
                    y_true_grids[lvl][gy, gx, slot, 4] = 1.
                    y_true_grids[lvl][gy, gx, slot, 5 + cls_id] = 1.
        return y_true_grids[0], y_true_grids[1], y_true_grids[2]

    def decode_record(self, record_bytes):
        parsed_feats = tf.parse_single_example(
            record_bytes,
            features = {
                'image/encoded' : tf.FixedLenFeature([], dtype = tf.string),
                'image/object/bbox/xmin' : tf.VarLenFeature(dtype = tf.float32),
                'image/object/bbox/xmax': tf.VarLenFeature(dtype = tf.float32),
                'image/object/bbox/ymin': tf.VarLenFeature(dtype = tf.float32),
                'image/object/bbox/ymax': tf.VarLenFeature(dtype = tf.float32),
                'image/object/bbox/label': tf.VarLenFeature(dtype = tf.float32)
            }
        )
        img = tf.image.decode_jpeg(parsed_feats['image/encoded'], channels = 3)
        img = tf.image.convert_image_dtype(img, tf.uint8)
        x_lo = tf.expand_dims(parsed_feats['image/object/bbox/xmin'].values, axis = 0)
        y_lo = tf.expand_dims(parsed_feats['image/object/bbox/ymin'].values, axis = 0)
        x_hi = tf.expand_dims(parsed_feats['image/object/bbox/xmax'].values, axis = 0)
        y_hi = tf.expand_dims(parsed_feats['image/object/bbox/ymax'].values, axis = 0)
        cls_label = tf.expand_dims(parsed_feats['image/object/bbox/label'].values, axis = 0)
        bbox_arr = tf.concat(axis = 0, values = [x_lo, y_lo, x_hi, y_hi, cls_label])
        bbox_arr = tf.transpose(bbox_arr, [1, 0])
        img, bbox_arr = self.letterbox_and_flip(img, bbox_arr)
        y_true_13, y_true_26, y_true_52 = tf.py_func(self.encode_y_true_grids, [bbox_arr], [tf.float32, tf.float32, tf.float32])
        return img, bbox_arr, y_true_13, y_true_26, y_true_52

    def letterbox_and_flip(self, img, bbox_arr):
        src_w, src_h = tf.cast(tf.shape(img)[1], tf.float32), tf.cast(tf.shape(img)[0], tf.float32)
        dst_w = tf.cast(self.in_size, tf.float32)
        dst_h = tf.cast(self.in_size, tf.float32)
        fit_h = src_h * tf.minimum(dst_w / src_w, dst_h / src_h)
        fit_w = src_w * tf.minimum(dst_w / src_w, dst_h / src_h)
        # letterbox: scale with the aspect ratio kept, then pad
        pad_x = (dst_w - fit_w) / 2
        pad_y = (dst_h - fit_h) / 2
        img = tf.image.resize_images(img, [tf.cast(fit_h, tf.int32), tf.cast(fit_w, tf.int32)], method = tf.image.ResizeMethod.BICUBIC)
        placed_img = tf.image.pad_to_bounding_box(img, tf.cast(pad_y, tf.int32), tf.cast(pad_x, tf.int32), tf.cast(dst_h, tf.int32), tf.cast(dst_w, tf.int32))
        ones_img = tf.ones_like(img)
        ones_img_padded = tf.image.pad_to_bounding_box(ones_img, tf.cast(pad_y, tf.int32), tf.cast(pad_x, tf.int32), tf.cast(dst_h, tf.int32), tf.cast(dst_w, tf.int32))
        grey_fill = (1 - ones_img_padded) * 128
        img = grey_fill + placed_img
        x_lo, y_lo, x_hi, y_hi, cls_label = tf.split(value = bbox_arr, num_or_size_splits=5, axis = 1)
        x_lo = x_lo * fit_w / src_w + pad_x
        x_hi = x_hi * fit_w / src_w + pad_x
        y_lo = y_lo * fit_h / src_h + pad_y
        y_hi = y_hi * fit_h / src_h + pad_y
        bbox_arr = tf.concat([x_lo, y_lo, x_hi, y_hi, cls_label], 1)
        if self.split_mode == 'train':
            def _mirror_boxes(box_set):
                x_lo, y_lo, x_hi, y_hi, cls_label = tf.split(value = box_set, num_or_size_splits = 5, axis = 1)
                mirrored_x_lo = tf.subtract(dst_w, x_hi)
                mirrored_x_hi = tf.subtract(dst_w, x_lo)
                mirrored_boxes = tf.concat([mirrored_x_lo, y_lo, mirrored_x_hi, y_hi, cls_label], 1)
                return mirrored_boxes
            do_flip = tf.greater(tf.random_uniform([], dtype = tf.float32, minval = 0, maxval = 1), 0.5)
            img = tf.cond(do_flip, lambda : tf.image.flip_left_right(img), lambda : img)
            bbox_arr = tf.cond(do_flip, lambda: _mirror_boxes(bbox_arr), lambda: bbox_arr)
        # pixel values into [0, 1]
        img = img / 255.
        img = tf.clip_by_value(img, clip_value_min = 0.0, clip_value_max = 1.0)
        bbox_arr = tf.clip_by_value(bbox_arr, clip_value_min = 0, clip_value_max = dst_w - 1)
        bbox_arr = tf.cond(tf.greater(tf.shape(bbox_arr)[0], config.max_boxes), lambda: bbox_arr[:config.max_boxes], lambda: tf.pad(bbox_arr, paddings = [[0, config.max_boxes - tf.shape(bbox_arr)[0]], [0, 0]], mode = 'CONSTANT'))
        return img, bbox_arr

    def make_dataset(self, batch_n):
        tf_dataset = tf.data.TFRecordDataset(filenames = self.record_files)
        tf_dataset = tf_dataset.map(self.decode_record, num_parallel_calls = 10)
        if self.split_mode == 'train':
            tf_dataset = tf_dataset.repeat().shuffle(9000).batch(batch_n).prefetch(batch_n)
        else:
            tf_dataset = tf_dataset.repeat().batch(batch_n).prefetch(batch_n)
        return tf_dataset


# == taken from yolo_train.py ==
def run_training():
    train_record_reader = CocoRecordReader('train', config.data_dir, config.anchors_path, config.num_classes, in_size = config.input_shape, box_cap = config.max_boxes)
    train_data_pipe = train_record_reader.make_dataset(config.train_batch_size)
    training_flag = tf.placeholder(tf.bool, shape = [])
    one_shot_it = train_data_pipe.make_one_shot_iterator()
    images_b, bbox_arr, y_true_13, y_true_26, y_true_52 = one_shot_it.get_next()
    images_b.set_shape([None, config.input_shape, config.input_shape, 3])
    bbox_arr.set_shape([None, config.max_boxes, 5])
    grid_hw = [config.input_shape // 32, config.input_shape // 16, config.input_shape // 8]
    y_true_13.set_shape([None, grid_hw[0], grid_hw[0], 3, 5 + config.num_classes])
    y_true_26.set_shape([None, grid_hw[1], grid_hw[1], 3, 5 + config.num_classes])
    y_true_52.set_shape([None, grid_hw[2], grid_hw[2], 3, 5 + config.num_classes])
    draw_box(images_b, bbox_arr)
    yolo_model = yolo(config.norm_epsilon, config.norm_decay, config.anchors_path, config.classes_path, config.pre_train)
    y_true_all = [y_true_13, y_true_26, y_true_52]
    raw_heads = yolo_model.yolo_inference(images_b, config.num_anchors / 3, config.num_classes, training_flag)
    total_loss = yolo_model.yolo_loss(raw_heads, y_true_all, yolo_model.anchors, config.num_classes, config.ignore_thresh)
    reg_loss = tf.losses.get_regularization_loss()
    total_loss += reg_loss
    tf.summary.scalar('loss', total_loss)
    all_summaries = tf.summary.merge_all()
    step_var = tf.Variable(0, trainable = False)
    decayed_lr = tf.train.exponential_decay(config.learning_rate, step_var, decay_steps = 2000, decay_rate = 0.8)
    adam_optimizer = tf.train.AdamOptimizer(learning_rate = decayed_lr)
    # with pretrained weights only the yolo head variables are trained
    bn_update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(bn_update_ops):
        if config.pre_train:
            train_vars_list = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope='yolo')
            train_step_op = adam_optimizer.minimize(loss = total_loss, global_step = step_var, var_list = train_vars_list)
        else:
            train_step_op = adam_optimizer.minimize(loss = total_loss, global_step = step_var)
    init_op = tf.global_variables_initializer()
    ckpt_saver = tf.train.Saver()
    with tf.Session(config = tf.ConfigProto(log_device_placement = False)) as session:
        ckpt_state = tf.train.get_checkpoint_state(config.model_dir)
        if ckpt_state and tf.train.checkpoint_exists(ckpt_state.model_checkpoint_path):
            print('resuming from', ckpt_state.model_checkpoint_path)
            ckpt_saver.restore(session, ckpt_state.model_checkpoint_path)
        else:
            session.run(init_op)
        if config.pre_train is True:
            darknet_assign_ops = load_weights(tf.global_variables(scope = 'darknet53'), config.darknet53_weights_path)
            session.run(darknet_assign_ops)
        tb_writer = tf.summary.FileWriter(config.log_dir, session.graph)
        loss_running = 0
        for epoch_i in range(config.Epoch):
            for step_i in range(int(config.train_num / config.train_batch_size)):
                t_start = time.time()
                train_loss_val, summary_pb, step_count_val, _ = session.run([total_loss, all_summaries, step_var, train_step_op], {training_flag : True})
                loss_running += train_loss_val
                elapsed = time.time() - t_start
                sec_per_example = float(elapsed) / config.train_batch_size
                progress_fmt = ('ep {} / step {}: mean train loss {} ({} s per example, {} s per batch)')
                print(progress_fmt.format(epoch_i, step_i, loss_running / step_count_val, sec_per_example, elapsed))
                tb_writer.add_summary(summary = tf.Summary(value = [tf.Summary.Value(tag = "train loss", simple_value = train_loss_val)]), global_step = step_i)
                tb_writer.add_summary(summary_pb, step_i)
                tb_writer.flush()
            # checkpoint every third epoch
            if epoch_i % 3 == 0:
                ckpt_path = os.path.join(config.model_dir, 'model.ckpt')
                ckpt_saver.save(session, ckpt_path, global_step = step_var)


if __name__ == "__main__":
    run_training()
