import pandas as pd
import os
from uszipcode import SearchEngine
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import train_test_split
from itertools import repeat

class FeatureLoader:
    def __init__(self,path):

        NAMES = ['userId', 'movieId', 'rating', 'timestamp']
        ratings = pd.read_csv(os.path.join(path, "ratings.dat"), sep='::', header=None, engine='python', names=NAMES)
        NAMES = ['movieId', 'title', 'genres']
        movies = pd.read_csv(os.path.join(path, "movies.dat"), sep='::', header=None, engine='python', names=NAMES)
        NAMES = ['userId', 'gender', 'age', 'Occupation', 'zip_code']
        users = pd.read_csv(os.path.join(path, "users.dat"), sep='::', header=None, engine='python', names=NAMES)
        ratings.drop("timestamp", axis=1, inplace=True)
        #genre indicators
        genre_cols = movies.genres.str.get_dummies(sep="|")
        movies.drop("genres", axis=1, inplace=True)
        movies = pd.concat([movies, genre_cols], axis=1)
        #release year
        movies["year"] = movies.title.str.extract("(\(\d\d\d\d\))")
        movies.year = movies.year.apply(lambda s: s.replace("(", "").replace(")", ""))
        movies.year = movies.year.astype("int32")
        movies.drop("title", axis=1, inplace=True)
        edges = list(range(1980, movies.year.max() + 1, 5))
        edges.append(0)
        edges = sorted(edges)
        names = list(range(len(edges) - 1))
        names = ["year_" + str(k) for k in names]
        movies.year = pd.cut(movies['year'], bins=edges, right=True, labels=names)
        year_cols = pd.get_dummies(movies.year)
        movies = pd.concat([movies, year_cols], axis=1)
        movies.drop("year", axis=1, inplace=True)
        #gender
        gender_cols = pd.get_dummies(users.gender, prefix="gender")
        users = pd.concat([users, gender_cols], axis=1)
        users.drop("gender", axis=1, inplace=True)
        age_cols = pd.get_dummies(users.age)
        age_cols.columns = ["Under 18", "18-24", "25-34", "35-44", "45-49", "50-55", "56+"]
        users = pd.concat([users, age_cols], axis=1)
        users.drop("age", axis=1, inplace=True)
        #occupation
        job_cols = pd.get_dummies(users.Occupation)
        users = pd.concat([users, job_cols], axis=1)
        users.drop("Occupation", axis=1, inplace=True)
        #state from the zip code

        lookup = SearchEngine(simple_zipcode=True)
        users["state"] = users.zip_code.apply(lambda z: lookup.by_zipcode(z).to_dict()["state"])
        state_cols = pd.get_dummies(users.state)
        users = pd.concat([users, state_cols], axis=1)
        users.drop("state", axis=1, inplace=True)

        #median household income of the zip code
        users["median_household_income"] = users["zip_code"].apply(
            lambda z: lookup.by_zipcode(z).to_dict()["median_household_income"])
        users.median_household_income = users.median_household_income.fillna(
            users.median_household_income.mean())
        scaler = StandardScaler()

        users.median_household_income = scaler.fit_transform(users[["median_household_income"]])

        users.drop("zip_code", axis=1, inplace=True)

        ratings = ratings.merge(users, how="left")
        ratings = ratings.merge(movies, how="left")
        ratings = ratings.astype("float32")
        self.target = ratings["rating"]
        self.liked = (self.target >= 4.0).astype("float32")

        ratings.drop("rating", inplace=True, axis=1)
        self.X = ratings
        #which field every column belongs to
        numeric_fields = {"median_household_income": ["median_household_income"]}
        onehot_fields = {"userId": ["userId"],
                         "movieId": ["movieId"],
                         "gender": list(gender_cols.columns),
                         "age": list(age_cols.columns),
                         "occupation": list(job_cols.columns),
                         "state:": list(state_cols.columns),
                         "genres": list(genre_cols.columns),
                         "year": list(year_cols.columns)}
        all_fields = list(numeric_fields.keys()) + list(onehot_fields.keys())
        self.field_of_column = []
        for k, field in enumerate(all_fields):
            if field in numeric_fields.keys():
               self.field_of_column.extend([k])
            if field in onehot_fields.keys():
               self.field_of_column.extend(repeat(k, len(onehot_fields[field])))
        self.n_fields = len(all_fields)

    def get_num_fields(self):
        return self.n_fields

    def get_embedding_lookup_index(self):
        return self.field_of_column

    def make_binary_set(self,test_size=0.1):
        x_tr,x_te,y_tr,y_te = train_test_split(self.X,self.liked,test_size= test_size)
        return x_tr,x_te,y_tr,y_te

    def make_regression_set(self,test_size=0.1):
        x_tr, x_te, y_tr, y_te = train_test_split(self.X, self.target,test_size= test_size)
        return x_tr, x_te, y_tr, y_te







if __name__ == "__main__":
    loader= FeatureLoader("/home/me/projects/deepFM/dataset/ml-1m")
    ratings = loader.make_train_set()
    print(ratings)
