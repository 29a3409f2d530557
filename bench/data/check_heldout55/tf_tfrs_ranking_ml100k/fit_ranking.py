from  ranking_data import *

class PairScorer(tf.keras.Model):

    def __init__(self):
        super().__init__()
        emb_width = 32

        # user id -> vector
        self.user_tower = tf.keras.Sequential([
            tf.keras.layers.StringLookup(
                vocabulary=user_vocab, mask_token=None),
            tf.keras.layers.Embedding(len(user_vocab) + 1, emb_width)
        ])

        # title -> vector
        self.title_tower = tf.keras.Sequential([
            tf.keras.layers.StringLookup(
                vocabulary=title_vocab, mask_token=None),
            tf.keras.layers.Embedding(len(title_vocab) + 1, emb_width)
        ])

        # rating head
        self.scorer = tf.keras.Sequential([
            # two hidden layers
            tf.keras.layers.Dense(256, activation="relu"),
            tf.keras.layers.Dense(64, activation="relu"),
            # one output: the rating
            tf.keras.layers.Dense(1)
        ])

    def call(self, pair):
        uid_t, title_t = pair

        u_vec = self.user_tower(uid_t)
        t_vec = self.title_tower(title_t)

        return self.scorer(tf.concat([u_vec, t_vec], axis=1))


class RatingRanker(tfrs.models.Model):

    def __init__(self):
        super().__init__()
        self.scorer_net: tf.keras.Model = PairScorer()
        self.objective: tf.keras.layers.Layer = tfrs.tasks.Ranking(
            loss=tf.keras.losses.MeanSquaredError(),
            metrics=[tf.keras.metrics.RootMeanSquaredError()]
        )

    def call(self, feats: Dict[str, tf.Tensor]) -> tf.Tensor:
        return self.scorer_net(
            (feats["user_id"], feats["movie_title"]))

    def compute_loss(self, feats: Dict[Text, tf.Tensor], training=False) -> tf.Tensor:
        y_true = feats.pop("user_rating")

        y_hat = self(feats)

        # loss and RMSE come from the task
        return self.objective(labels=y_true, predictions=y_hat)

objective = tfrs.tasks.Ranking(
  loss = tf.keras.losses.MeanSquaredError(),
  metrics=[tf.keras.metrics.RootMeanSquaredError()]
)

objective = tfrs.tasks.Ranking(
  loss = tf.keras.losses.MeanSquaredError(),
  metrics=[tf.keras.metrics.RootMeanSquaredError()]

)

ranker = RatingRanker()
ranker.compile(optimizer=tf.keras.optimizers.Adagrad(learning_rate=0.1))

fit_cached = fit_ds.shuffle(100_000).batch(8192).cache()
eval_cached = eval_ds.batch(4096).cache()


ranker.fit(fit_cached, epochs=3)

ranker.evaluate(eval_cached, return_dict=True)

scored = {}
probe_titles = ["M*A*S*H (1970)", "Dances with Wolves (1990)", "Speed (1994)"]
for title_t in probe_titles:
  scored[title_t] = ranker({
      "user_id": np.array(["42"]),
      "movie_title": np.array([title_t])
  })

print("predicted ratings:")
for t, s in sorted(scored.items(), key=lambda kv: kv[1], reverse=True):
  print(f"{t}: {s}")

tf.saved_model.save(ranker, "saved_ranker")

reloaded = tf.saved_model.load("saved_ranker")

reloaded({"user_id": np.array(["42"]), "movie_title": ["Speed (1994)"]}).numpy()

