import tensorflow.keras.backend as K
import tensorflow as tf
def margin_contrastive(target, dist, margin=1):
	target = tf.cast(target, dist.dtype)
	sqDist = K.square(dist)
	sqGap = K.square(K.maximum(margin - dist, 0))
	val = K.mean(target * sqDist + (1 - target) * sqGap)
	return val
