"""Reads the MovieLens 20M rating table

and hands out per-user subsets.

"""
from typing import Dict, List, Tuple, Union

import numpy as np
import pandas as pd


class RatingTable:
    """Whole rating table with dense user / item indices."""

    def __init__(self, path: str, keep_share: float = 1.0) -> None:
        """Read rating.csv and re-index users and items.

        Args:
            path: csv with userId, movieId, rating columns
            keep_share: keep this share of rows (1.0 keeps all)
        """
        self.path = path
        print(f"reading {path}")
        self.data = pd.read_csv(path)

        if keep_share < 1.0:
            self.data = self.data.sample(frac=keep_share, random_state=42)

        print(f"rows x cols: {self.data.shape}")

        uids = np.array(self.data["userId"].unique())
        mids = np.array(self.data["movieId"].unique())

        # map raw ids onto 0..n-1
        self.item_to_col = {mid: pos for pos, mid in enumerate(mids)}
        self.col_to_item = {
            pos: mid for mid, pos in self.item_to_col.items()
        }
        user_to_row = {uid: pos for pos, uid in enumerate(uids)}

        self.data["movie_idx"] = self.data["movieId"].copy()

        self.data["userId"] = self.data["userId"].apply(lambda v: user_to_row[v])
        self.data["movieId"] = self.data["movieId"].apply(
            lambda v: self.item_to_col[v]
        )

        self.user_idx = np.array(self.data["userId"].unique())
        self.item_idx = np.array(self.data["movieId"].unique())

    def append_user(
        self, ratings_of_user: Dict[int, float], new_id: bool = False
    ) -> None:
        """Add one extra user with the given ratings.

        Args:
            ratings_of_user: {movieId: rating} of the new user
            (movie ids in the original numbering)
        """
        if new_id:
            uid = max(self.user_idx) + 1
        else:
            uid = max(self.user_idx)

        mids = [self.item_to_col[mid] for mid in ratings_of_user.keys()]
        scores = list(ratings_of_user.values())

        extra = pd.DataFrame(
            {
                "userId": [uid] * len(mids),
                "movieId": mids,
                "movie_idx": list(ratings_of_user.keys()),
                "rating": scores,
            }
        )

        self.data = pd.concat([self.data, extra], ignore_index=True)
        self.user_idx = np.append(self.user_idx, uid)

    def split_by_user(
        self, held_share: float = 0.2, at_random: bool = False
    ) -> Tuple["RatingSubset", "RatingSubset"]:
        """Divide rows into a train part and a test part by user.

        The split never puts one user on both sides.

        Args:
            held_share: share of users for the test part;
                    1.0 sends everything to the test part
                    and leaves the train part empty.
            at_random: sample rows at random instead of
                        cutting the ordered user list.

        Returns:
            (train part, test part), both RatingSubset
            objects
        """
        if held_share == 1.0:
            return RatingSubset(self.data.sample(0)), RatingSubset(
                self.data
            )

        if at_random:
            fit_rows = self.data.sample(frac=1 - held_share, random_state=42)
            rest_rows = self.data.drop(fit_rows.index)  # type: ignore
        else:
            uids = self.user_idx.copy()
            n_fit_users = int(len(uids) * (1 - held_share))
            fit_users = uids[:n_fit_users]
            rest_users = uids[n_fit_users:]

            fit_rows = self.data[self.data["userId"].isin(fit_users)]  # type: ignore
            rest_rows = self.data[self.data["userId"].isin(rest_users)]  # type: ignore

        return RatingSubset(fit_rows), RatingSubset(rest_rows)  # type: ignore


class RatingSubset:
    """A slice of the rating table."""

    def __init__(self, data: pd.DataFrame) -> None:
        """Keep the frame and its distinct ids.

        Args:
            data: rating rows
        """
        self.data = data
        self.user_idx = data["userId"].unique()
        self.item_idx = data["movieId"].unique()

    def rows_of_user(self, uid: int) -> pd.DataFrame:
        """Rows of one user.

        Args:
            uid: dense user index
        """
        return self.data[self.data["userId"] == uid]  # type: ignore

    def rows_of_items(self, mids: Union[int, List]) -> pd.DataFrame:
        """Rows of one or more items.

        Args:
            mids: one dense item index or a list
                of them
        """
        if isinstance(mids, int):
            mids = [mids]

        return self.data.query(f"movieId in {mids}")  # type: ignore


if __name__ == "__main__":
    CSV_PATH = "~/data/ml-20m/rating.csv"

    table = RatingTable(CSV_PATH)
    fit_part, rest_part = table.split_by_user(held_share=0.2, at_random=True)
    first_rows = fit_part.rows_of_user(fit_part.user_idx[0])
    __import__("pdb").set_trace()
