import tensorflow as tf;

shards = tf.train.match_filenames_once('');
shard_queue = tf.train.string_input_producer(shards, shuffle=False);

rec_reader = tf.TFRecordReader();
_, one_record = rec_reader.read(shard_queue);
# parse the fields stored in each TFRecord example
fields = tf.parse_single_example(
    one_record,
    features={
        'image':tf.FixedLenFeature([], tf.string),
        'label':tf.FixedLenFeature([], tf.int64),
        'height':tf.FixedLenFeature([], tf.int64),
        'width':tf.FixedLenFeature([], tf.int64),
        'channels':tf.FixedLenFeature([], tf.int64)})

raw_img, cls = fields['image'], fields['label'];
h, w = fields['height'], fields['width'];
c = fields['channels'];
pixels = tf.decode_raw(raw_img, tf.uint8);
pixels.set_shape([h, w, c]);

# augmentation to the network's input size
side = 299;
augmented = preprocess_for_train(pixels, side, side, None);

keep_after = 10000;
bs = 100;
queue_cap = keep_after + 3 * bs;
img_batch, cls_batch = tf.train.shuffle_batch(
    [augmented, cls], batch_size=bs,
    capacity=queue_cap, min_after_dequeue=keep_after)

scores = inference(img_batch);
objective = calc_loss(scores, cls_batch);
step_op = tf.train.GradientDescentOptimizer(learning_rate=learning_rate).minimize(objective);

with tf.Session() as sess:
    tf.initialize_all_variables().run();
    coordinator = tf.train.Coordinator();
    workers = tf.train.start_queue_runners(sess=sess, coord=coordinator);

    for r in range(TRAINING_ROUNDS):
        sess.run(step_op);

    coordinator.request_stop();
    coordinator.join(threads=workers)
